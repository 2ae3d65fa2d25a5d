// Loads the data layer once, on demand: for any page but the marketing pages, for a visitor with a
// session, and for the signed-in parts of the navbar. Keeps tRPC and React Query out of the code a
// guest's first visit needs.
import type { TrpcQueryUtils } from '~/client/trpc.ts';

export type DataLayer = typeof import('./data-layer.tsx');

/** Pages that use no server data: a guest sees them without the data layer (the contact form loads it to send). */
const DATA_FREE_PATHS = new Set(['/', '/about', '/services', '/technology', '/contact']);

export function usesData(pathname: string): boolean {
  return !DATA_FREE_PATHS.has(pathname.replace(/(.)\/+$/, '$1'));
}

let loading: Promise<DataLayer> | null = null;
let loaded: DataLayer | null = null;

export function loadDataLayer(): Promise<DataLayer> {
  loading ??= import('./data-layer.tsx').then((layer) => (loaded = layer));
  return loading;
}

/** The data layer if it has loaded, without waiting. */
export function loadedDataLayer(): DataLayer | null {
  return loaded;
}

/** The tRPC query utilities for route loaders. */
export function loadApi(): Promise<TrpcQueryUtils> {
  return loadDataLayer().then((layer) => layer.utils);
}
