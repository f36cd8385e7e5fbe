import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { IconDownload, IconEraser } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { exportPerson } from '../../../api/people';
import { notifyError, notifySuccess } from '../../../components/notify';
import { useCan } from '../../../components/use-can';
import { downloadBlob } from '../../../lib/download';
import { EraseDialog } from './erase-dialog';

type Props = {
  email: string;
  /** The lists the person is on, as the person screen shows them. */
  listNames: string[];
};

/**
 * Export and Erase on the person screen (issue 53). Both disappear where the API has no
 * such extension (found on the first use).
 */
export function PersonDataActions({ email, listNames }: Props) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const canManage = useCan('subscribers:manage');
  const [supported, setSupported] = useState(true);
  const [exporting, setExporting] = useState(false);
  const [erasing, setErasing] = useState(false);
  if (!supported) return null;

  const download = async () => {
    setExporting(true);
    try {
      const result = await exportPerson(email);
      if (!result.supported) {
        setSupported(false);
        return;
      }
      downloadBlob(result.data, 'person-export.zip');
    } catch (error) {
      notifyError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} />}
        loading={exporting}
        onClick={() => void download()}
      >
        <Trans>Export</Trans>
      </Button>
      {canManage && (
        <Button
          variant="default"
          color="red"
          leftSection={<IconEraser size={16} />}
          onClick={() => setErasing(true)}
        >
          <Trans>Erase</Trans>
        </Button>
      )}
      <EraseDialog
        opened={erasing}
        onClose={() => setErasing(false)}
        email={email}
        listNames={listNames}
        onErased={() => {
          notifySuccess(t`${email} was erased.`);
          void navigate('/people');
        }}
      />
    </>
  );
}
