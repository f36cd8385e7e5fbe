import { getStatistics, type StatisticKind } from '../../../api/statistics';
import { ExportCsvButton } from '../../../components/export-csv-button';
import type { ChartFilters } from '../chart-data';
import { recordsView } from '../queries';
import { exportRecordsCsv } from '../records-csv';

const EXPORT_PAGE_SIZE = 1000;

/** Every record of the current filters (all pages) as a CSV download, with progress. */
export function ExportRecordsButton({
  kind,
  filters,
  names,
  fileName,
  disabled,
}: {
  kind: StatisticKind;
  filters: ChartFilters;
  names: ReadonlyMap<number, string>;
  fileName: string;
  disabled?: boolean;
}) {
  return (
    <ExportCsvButton
      fileName={fileName}
      title={`Exporting ${kind}`}
      unit={kind}
      disabled={disabled}
      job={(options) =>
        exportRecordsCsv(
          kind,
          (page, signal) =>
            getStatistics(
              kind,
              { ...recordsView(kind, filters), page, page_size: EXPORT_PAGE_SIZE },
              signal,
            ),
          names,
          options,
        )
      }
    />
  );
}
