import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Mailing } from '../../../api/mailings';
import { getLayoutCopy } from '../../../api/layouts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { notify, notifyError } from '../../../components/notify';
import { useCan } from '../../../components/use-can';
import { hasContent } from '../draft/composer-values';
import { loadDraft } from '../draft/draft-storage';
import { startDuplicateDraft } from '../draft/duplicate';

/**
 * "Duplicate": a new mailing in the composer with this one's list, audience, variants and
 * layouts (blocks reopen as blocks), under a new name and without deliveries. An unsaved
 * new mailing is replaced only after asking.
 */
export function DuplicateMailing({ mailing }: { mailing: Mailing }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const name = mailing.name;
  const allowed = useCan('mailings:manage', mailing.list);
  const [confirming, setConfirming] = useState(false);
  const copy = useMutation({
    mutationFn: () => Promise.all(mailing.variants.map((v) => getLayoutCopy(v.layout.id))),
    onSuccess: (copies) => {
      const layouts = copies.map((c) => (c.supported ? c.data : undefined));
      startDuplicateDraft(mailing, layouts);
      void navigate('/mailings/new');
      notify({
        title: t`A copy of “${name}”`,
        message: layouts.every(Boolean)
          ? t`Check the name and the layouts, then add deliveries.`
          : t`This service cannot give the layouts back: add them again, then add deliveries.`,
      });
    },
    onError: (err) => notifyError(err, t`The mailing could not be copied`),
  });
  if (!allowed) return null;

  const start = () => {
    const draft = loadDraft();
    if (draft && hasContent(draft.values)) setConfirming(true);
    else copy.mutate();
  };
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconCopy size={16} />}
        loading={copy.isPending}
        onClick={start}
      >
        <Trans>Duplicate</Trans>
      </Button>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          copy.mutate();
        }}
        title={t`Replace the unsaved mailing?`}
        confirmLabel={t`Replace it with the copy`}
      >
        <Trans>
          A new mailing you started is not created yet. The copy of “{name}” replaces it.
        </Trans>
      </ConfirmDialog>
    </>
  );
}
