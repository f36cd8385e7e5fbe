import { describe, expect, it } from 'vitest';
import { mailingWrite } from '../../../../contract/mailings';
import { newVariant } from './composer-values';
import { toMailingWrite } from './to-request';

describe('toMailingWrite', () => {
  it('leaves empty sender fields out so the list defaults apply, and sends UTC', () => {
    const body = toMailingWrite(
      {
        list: '7',
        name: ' Spring sale ',
        campaign: '',
        segments: ['3', ' 4'],
        variants: [
          {
            ...newVariant('de'),
            subject: 'Hallo',
            from_name: 'Shop',
            layout: { mode: 'text', text: 'Hallo!' },
            deliveries: [{ local: '2030-05-01T10:00' }],
          },
          { ...newVariant('fr'), subject: 'Salut', layout: { mode: 'html', text: '' } },
        ],
      },
      (language) =>
        language === 'fr' ? 'data:application/zip;charset=utf-8;base64,UEsFBg==' : undefined,
    );
    expect(body).toEqual({
      list: 7,
      name: 'Spring sale',
      segments: [3, 4],
      variants: [
        {
          language: ['de'],
          from_name: 'Shop',
          subject: 'Hallo',
          layout: { text: 'Hallo!' },
          deliveries: [{ scheduled_datetime: new Date(2030, 4, 1, 10, 0).toISOString() }],
        },
        {
          language: ['fr'],
          subject: 'Salut',
          layout: { zip_file: 'data:application/zip;charset=utf-8;base64,UEsFBg==' },
          deliveries: [],
        },
      ],
    });
    expect(mailingWrite.safeParse(body).success).toBe(true);
  });
});
