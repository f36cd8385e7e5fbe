import { useLingui } from '@lingui/react/macro';
import { getSubscribers, type SubscriberQuery } from '../../../api/subscribers';
import { ExportCsvButton } from '../../../components/export-csv-button';
import type { FieldInfo } from '../columns';
import { exportSubscribersCsv } from '../export-csv';
import { withRetryAfter } from '../perform-action';

const EXPORT_PAGE_SIZE = 1000;

/** Downloads every subscriber matching the current filter as CSV, with progress. */
export function ExportButton({
  listId,
  filter,
  ordering,
  fields,
  fileName,
}: {
  listId: number;
  filter: SubscriberQuery;
  ordering: string | undefined;
  fields: readonly FieldInfo[];
  fileName: string;
}) {
  const { t } = useLingui();
  return (
    <ExportCsvButton
      fileName={fileName}
      title={t`Exporting subscribers`}
      unit={t`subscribers`}
      job={(options) =>
        exportSubscribersCsv(
          fields,
          (page, signal) =>
            withRetryAfter(
              () =>
                getSubscribers(
                  listId,
                  {
                    ...filter,
                    ...(ordering ? { ordering } : {}),
                    page,
                    page_size: EXPORT_PAGE_SIZE,
                  },
                  signal,
                ),
              { signal },
            ),
          options,
        )
      }
    />
  );
}
