import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';

/**
 * Map tiles come from the server's configuration (MAP_TILE_URL, MAP_TILE_ATTRIBUTION; useMapTiles in
 * lib/publicConfig.ts). Maps must stay usable without tiles (offline, blocked, switched off): they draw on a
 * neutral background and markers/circles still work.
 */
export const MAP_MAX_ZOOM = 19;

/** Leaflet's default marker with its images bundled by Vite (never fetched from a CDN). */
export const defaultMarkerIcon = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  tooltipAnchor: [16, -28],
  shadowSize: [41, 41],
});
