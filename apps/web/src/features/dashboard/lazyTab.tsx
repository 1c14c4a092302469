import { Center, Loader } from '@mantine/core';
import { type ComponentType, lazy, useEffect, useState } from 'react';
import type { TabProps } from './tab-types';

/**
 * A tab's screen as its own chunk: an area's first load carries its layout and the open tab only, never the
 * other areas' tabs (decision 0026). `name` is the component's export in the module.
 */
export function lazyTab<K extends string>(load: () => Promise<Record<K, ComponentType<TabProps>>>, name: K): ComponentType<TabProps> {
  return lazy(async (): Promise<{ default: ComponentType<TabProps> }> => ({ default: (await load())[name] }));
}

/** What a tab shows while its chunk loads: nothing for the first 300 ms (no flash on a fast load), then a centred loader. */
export function TabLoader() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), 300);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Center mih={320} role="status" aria-busy="true">
      {visible && <Loader type="dots" />}
    </Center>
  );
}
