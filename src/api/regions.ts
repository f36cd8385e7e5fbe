import type { Region, RegionQuery } from '../../contract/regions';
import { requestParsed } from './client';
import {
  lightEnvelope,
  lightRegion as region,
  lightRegionDetail as regionDetail,
} from './light-schemas';

export type { Region, RegionQuery };

const regionPage = lightEnvelope(region);

export const getRegions = (query: RegionQuery = {}, signal?: AbortSignal) =>
  requestParsed(regionPage, '/regions', { query, signal });

/** The code is case-insensitive on our server; it is sent as given. */
export const getRegion = (code: string, signal?: AbortSignal) =>
  requestParsed(regionDetail, `/regions/${encodeURIComponent(code)}`, { signal });
