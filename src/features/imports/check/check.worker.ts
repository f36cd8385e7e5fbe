import { checkFile } from './check-file';
import { CsvCheckError } from './csv-check';
import type { CheckRequest, CheckResponse } from './messages';
import { isRegionCode } from '../../../../contract/region-codes';
import { configureZodForCsp } from '../../../lib/zod-config';

// Workers get the CSP of their script's response too: no eval for zod here either.
configureZodForCsp();

const post = (message: CheckResponse) => self.postMessage(message);

self.onmessage = async (event: MessageEvent<CheckRequest>) => {
  const { file, config: checkConfig } = event.data;
  try {
    const report = await checkFile(
      file,
      { ...checkConfig, isRegionCode },
      { onProgress: (progress) => post({ type: 'progress', progress }) },
    );
    post({ type: 'done', report });
  } catch (error) {
    post({
      type: 'error',
      message:
        error instanceof CsvCheckError
          ? error.message
          : `The file could not be read: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
};
