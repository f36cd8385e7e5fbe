import { envelope } from '../../contract/common';
import {
  region,
  regionDetail,
  type Region,
  type RegionDetail,
  type RegionQuery,
} from '../../contract/regions';
import { requestParsed } from './client';

export type { Region, RegionDetail, RegionQuery };

const regionPage = envelope(region);

export const getRegions = (query: RegionQuery = {}, signal?: AbortSignal) =>
  requestParsed(regionPage, '/regions', { query, signal });

/** The code is case-insensitive on our server; it is sent as given. */
export const getRegion = (code: string, signal?: AbortSignal) =>
  requestParsed(regionDetail, `/regions/${encodeURIComponent(code)}`, { signal });
