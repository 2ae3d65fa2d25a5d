import { type ReactNode, use } from 'react';
import { loadDataLayer, loadedDataLayer } from './load.ts';

/**
 * Renders its children inside the data layer's providers, loading it first if needed (suspends
 * meanwhile). Routes that use data have it loaded before they render (root route's beforeLoad).
 */
export function DataBoundary({ children }: { children: ReactNode }) {
  const { DataProviders } = loadedDataLayer() ?? use(loadDataLayer());
  return <DataProviders>{children}</DataProviders>;
}
