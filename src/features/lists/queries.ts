import type { ListQuery } from '../../api/lists';
import type { listOrderingFields as contractOrdering } from '../../../contract/lists';
import type { TableDefaults, TableParams } from '../../components/table-params';

// The contract's list, restated: importing it at runtime would load classic zod here.
const listOrderingFields = [
  'id',
  'name',
  'create_datetime',
  'update_datetime',
] as const satisfies typeof contractOrdering;

/** The lists table's URL state (the route loader prefetches with the same query). */
export const listTableDefaults: TableDefaults = { orderingFields: listOrderingFields };
export const listPageQuery = ({ page, pageSize, ordering }: TableParams): ListQuery => ({
  page,
  page_size: pageSize,
  ...(ordering ? { ordering } : {}),
});
