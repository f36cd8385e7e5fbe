import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { suggestDateFormat } from '../columns/date-formats';
import { autoMapColumns } from '../columns/header-match';
import { mappingProblems } from '../columns/mapping-problems';
import { columnSamples } from '../columns/samples';
import { dateTargets, mappingTargets, ruleCustomFields } from '../columns/targets';
import { decodeSample } from '../format/detect-encoding';
import { importQueries } from '../queries';
import { loadPreviewModule } from './read-sample';
import { dispatch, useWizardState } from './store';
import { listQueries } from '../../../api/shared-queries';

type PreviewModule = Awaited<ReturnType<typeof loadPreviewModule>>;

/** papaparse, once a file needs it. */
function usePreviewModule(needed: boolean): PreviewModule | null {
  const [module, setModule] = useState<PreviewModule | null>(null);
  useEffect(() => {
    if (!needed || module) return;
    let live = true;
    void loadPreviewModule().then((m) => live && setModule(m));
    return () => {
      live = false;
    };
  }, [needed, module]);
  return module;
}

/**
 * Everything the steps derive from the wizard's choices: the list and its fields, the sample
 * decoded and parsed with the chosen format, the column mapping (made automatically from
 * the header when the basis changes), its problems, and the basis a check stands for.
 */
export function useWizardData(listId: number | null) {
  const state = useWizardState();
  const list = useQuery({ ...listQueries.detail(listId ?? 0), enabled: listId !== null });
  const fields = useQuery({ ...importQueries.fields(listId ?? 0), enabled: listId !== null });
  const preview = usePreviewModule(state.sample !== null);
  const { sample, format } = state;

  const text = useMemo(
    () => (sample && format ? decodeSample(sample.bytes, format.encoding, sample.complete) : null),
    [sample, format],
  );
  const table = useMemo(
    () =>
      preview && sample && format && text !== null
        ? preview.parseSample(text, sample.complete, format)
        : null,
    [preview, sample, format, text],
  );
  const targets = useMemo(() => (fields.data ? mappingTargets(fields.data) : null), [fields.data]);
  const customFields = useMemo(
    () => (fields.data ? ruleCustomFields(fields.data) : null),
    [fields.data],
  );

  const mappingBasis =
    table && listId !== null
      ? JSON.stringify([state.fileSerial, listId, format, table.header ?? table.columnCount])
      : null;
  const currentMapping = state.mapping;
  const dateFormat = state.dateFormat;
  useEffect(() => {
    if (!table || !targets || !mappingBasis || currentMapping?.basis === mappingBasis) return;
    const auto = table.header ? autoMapColumns(table.header, targets) : [];
    const mapped = Array.from({ length: table.columnCount }, (_, i) => auto[i] ?? '');
    const dates = dateTargets(targets);
    const dateSamples = mapped.flatMap((f, i) =>
      dates.has(f) ? columnSamples(table.rows, i, 20) : [],
    );
    dispatch({
      type: 'mappingMade',
      fields: mapped,
      basis: mappingBasis,
      dateFormat: suggestDateFormat(dateSamples, dateFormat),
    });
  }, [table, targets, mappingBasis, currentMapping, dateFormat]);

  const mapping = currentMapping?.basis === mappingBasis ? currentMapping : null;
  const problems = useMemo(
    () => (mapping && targets ? mappingProblems(mapping.fields, targets, dateFormat) : null),
    [mapping, targets, dateFormat],
  );
  const checkBasis =
    mapping && list.data && customFields
      ? JSON.stringify([
          mappingBasis,
          mapping.fields,
          dateFormat,
          list.data.languages,
          customFields,
        ])
      : null;

  return { state, list, fields, table, targets, customFields, mapping, problems, checkBasis };
}

export type WizardData = ReturnType<typeof useWizardData>;
