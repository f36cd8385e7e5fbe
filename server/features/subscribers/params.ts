import { z } from 'zod';
import { idParam } from '../../lib/query.js';

export const collectionPath = '/lists/:list_id/subscribers';
export const itemPath = `${collectionPath}/:id`;
export const collectionParams = z.object({ list_id: idParam });
export const itemParams = z.object({ list_id: idParam, id: idParam });
