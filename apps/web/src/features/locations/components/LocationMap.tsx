import { Box, Text } from '@mantine/core';
import L, { type Marker as LeafletMarker, type LeafletMouseEvent } from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Circle, MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { defaultMarkerIcon, MAP_MAX_ZOOM } from '../../../lib/map';
import { MAP_DEFAULT_CENTER, MAP_HEIGHT, MAP_ZOOM_DEFAULT, MAP_ZOOM_SELECTED } from '../constants';
import classes from './LocationMap.module.css';

export interface LatLng {
  latitude: number;
  longitude: number;
}

interface LocationMapProps {
  point: LatLng | null;
  radius: number;
  onPick: (point: LatLng) => void;
  label: string;
  tilesUnavailableText: string;
  /** The configured tiles, or null when tiles are switched off (the grid alone). */
  tiles: { url: string; attribution: string | null } | null;
}

function ClickToPick({ onPick }: { onPick: (point: LatLng) => void }) {
  useMapEvents({ click: (e: LeafletMouseEvent) => onPick({ latitude: e.latlng.lat, longitude: e.latlng.lng }) });
  return null;
}

/** A drawn grid under the tiles that pans and zooms with the map, so the map reads as one without tiles. */
function GridBackground() {
  const map = useMap();
  useEffect(() => {
    class GridTiles extends L.GridLayer {
      protected createTile(): HTMLElement {
        const tile = document.createElement('div');
        tile.className = classes.gridTile;
        return tile;
      }
    }
    const layer = new GridTiles({ zIndex: 0, tileSize: 128 });
    layer.addTo(map);
    // Tiles of the previous zoom may be kept under the new ones (scaled lines): redraw the grid per zoom.
    const redraw = () => layer.redraw();
    map.on('zoomend', redraw);
    return () => {
      map.off('zoomend', redraw);
      layer.remove();
    };
  }, [map]);
  return null;
}

/** Moves the view to the point when it is set from outside the map (search, GPS, opening an edit). */
function FollowPoint({ point }: { point: LatLng | null }) {
  const map = useMap();
  const lat = point?.latitude;
  const lng = point?.longitude;
  useEffect(() => {
    if (lat === undefined || lng === undefined) return;
    const inView = map.getBounds().contains([lat, lng]);
    map.setView([lat, lng], inView ? Math.max(map.getZoom(), MAP_ZOOM_SELECTED) : MAP_ZOOM_SELECTED, { animate: true });
  }, [map, lat, lng]);
  return null;
}

/**
 * The work-location map (spec §5, §9): Lima at zoom 12 until a point is chosen, then zoom 16; click to set
 * the point, drag the marker to adjust it; the allowed radius is drawn as a circle. 400 px high.
 * Without tiles (off, offline or blocked) the map keeps a neutral grid background and stays fully usable.
 */
export default function LocationMap({ point, radius, onPick, label, tilesUnavailableText, tiles }: LocationMapProps) {
  const markerRef = useRef<LeafletMarker>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const center: [number, number] = point ? [point.latitude, point.longitude] : MAP_DEFAULT_CENTER;
  const markerHandlers = useMemo(
    () => ({
      dragend: () => {
        const at = markerRef.current?.getLatLng();
        if (at) onPick({ latitude: at.lat, longitude: at.lng });
      },
    }),
    [onPick],
  );

  return (
    <Box className={classes.frame} h={MAP_HEIGHT} role="application" aria-label={label}>
      <MapContainer center={center} zoom={point ? MAP_ZOOM_SELECTED : MAP_ZOOM_DEFAULT} maxZoom={MAP_MAX_ZOOM} className={classes.map} scrollWheelZoom>
        <GridBackground />
        {tiles && (
          <TileLayer
            url={tiles.url}
            attribution={tiles.attribution ?? undefined}
            maxZoom={MAP_MAX_ZOOM}
            eventHandlers={{ tileerror: () => setTilesFailed(true) }}
          />
        )}
        <ClickToPick onPick={onPick} />
        <FollowPoint point={point} />
        {point && (
          <>
            <Circle
              center={[point.latitude, point.longitude]}
              radius={radius}
              pathOptions={{ color: '#4263eb', weight: 2, fillColor: '#5c7cfa', fillOpacity: 0.18 }}
            />
            <Marker position={[point.latitude, point.longitude]} icon={defaultMarkerIcon} draggable eventHandlers={markerHandlers} ref={markerRef} />
          </>
        )}
      </MapContainer>
      {tilesFailed && (
        <Text size="xs" className={classes.notice} role="status">
          {tilesUnavailableText}
        </Text>
      )}
    </Box>
  );
}
