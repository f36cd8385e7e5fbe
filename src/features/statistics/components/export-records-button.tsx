import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { getStatistics, type StatisticKind } from '../../../api/statistics';
import { ExportCsvButton } from '../../../components/export-csv-button';
import type { ChartFilters } from '../chart-data';
import { recordsView } from '../queries';
import { exportRecordsCsv } from '../records-csv';

const EXPORT_PAGE_SIZE = 1000;
const exportTitles: Record<StatisticKind, MessageDescriptor> = {
  opens: msg`Exporting opens`,
  clicks: msg`Exporting clicks`,
  bounces: msg`Exporting bounces`,
};
const units: Record<StatisticKind, MessageDescriptor> = {
  opens: msg`opens`,
  clicks: msg`clicks`,
  bounces: msg`bounces`,
};

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
  const { i18n } = useLingui();
  return (
    <ExportCsvButton
      fileName={fileName}
      title={i18n._(exportTitles[kind])}
      unit={i18n._(units[kind])}
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
