import { describe, expect, it } from 'vitest';
import { compileVariant, renderMessage } from './render.js';
import { createSigner } from '../links/tokens.js';

const signer = createSigner('a secret of the tests');
const base = 'https://mail.example';

describe('personalised messages', () => {
  const template = compileVariant(
    {
      fromName: 'Acme',
      fromEmail: 'news@acme.example',
      replytoEmail: '',
      subject: 'Hi {{ first_name | default: "there" }}',
      layoutText: 'Hi {{ first_name | default: "there" }}\n\nUnsubscribe: {{ unsubscribe_url }}',
      layoutSource:
        '<!doctype html><html><body><h1>Hi {{ first_name | default: &quot;there&quot; }}</h1>' +
        '<a href="https://shop.example/sale">Shop</a> <a href="{{ unsubscribe_url }}">Unsubscribe</a></body></html>',
    },
    base,
  );

  it('fills each recipient’s values, escaped in HTML, with an untracked unsubscribe link', () => {
    expect(template.personal).toBe(true);
    const m = renderMessage(
      template,
      {
        who: '7',
        email: 'a@example.com',
        subscriberId: 3,
        deliveryId: 5,
        fields: { first_name: '<script>x</script>' },
      },
      base,
      signer,
    );
    expect(m.html).toContain('<h1>Hi &lt;script&gt;x&lt;/script&gt;</h1>');
    expect(m.html).not.toContain('<script>');
    expect(m.text.startsWith('Hi <script>x</script>')).toBe(true);
    expect(m.subject).toBe('Hi <script>x</script>');
    expect(m.html).toContain(`href="${m.unsubscribeUrl}"`);
    expect(m.text).toContain(`Unsubscribe: ${m.unsubscribeUrl}`);
    expect(m.html).toMatch(/href="https:\/\/mail\.example\/t\/c\/[^"]+">Shop/);
    expect(signer.verify(m.unsubscribeUrl!.split('/u/')[1]!)).toEqual({
      kind: 'u',
      subscriber: 3,
      delivery: 5,
    });

    const fallback = renderMessage(
      template,
      { who: 't', email: 'b@example.com', subscriberId: null, deliveryId: 0 },
      base,
      signer,
    );
    expect(fallback.subject).toBe('Hi there');
    expect(fallback.html).toContain('<h1>Hi there</h1>');
  });

  it('puts the open pixel and the trap link just before </body>, or at the end without one; none in a test', () => {
    const recipient = { who: '9', email: 'b@example.com', subscriberId: 4, deliveryId: 5 };
    // The trap link: hidden, out of the accessibility tree and the tab order, with no text.
    const pixel =
      /<img src="https:\/\/mail\.example\/t\/o\/[^"]+"[^>]*><a href="https:\/\/mail\.example\/t\/c\/[^"]+" aria-hidden="true" tabindex="-1" style="display:none;[^"]*"><\/a>/;
    // Without an unsubscribe link to stand beside, the manage link closes the body.
    const manage =
      /<p style="font-size:12px;text-align:center"><a href="https:\/\/mail\.example\/p\/[^"]+">Manage your subscription<\/a><\/p>/;
    const m = renderMessage(template, recipient, base, signer);
    expect(m.html).toMatch(new RegExp(`${pixel.source}</body></html>$`));
    expect(m.html.match(/\/t\/o\//g)).toHaveLength(1);
    const trap = /href="https:\/\/mail\.example\/t\/c\/([^"]+)" aria-hidden/.exec(m.html)![1]!;
    expect(signer.verify(trap)).toEqual({
      kind: 'k',
      who: '9',
      url: 'https://mailboard.invalid/trap',
    });
    const bare = compileVariant(
      {
        fromName: 'A',
        fromEmail: 'a@acme.example',
        replytoEmail: '',
        subject: 's',
        layoutText: '',
        layoutSource: '<p>No body here</p>',
      },
      base,
    );
    expect(renderMessage(bare, recipient, base, signer).html).toMatch(
      new RegExp(`^<p>No body here</p>${manage.source}${pixel.source}$`),
    );
    const test = renderMessage(template, { ...recipient, who: 't' }, base, signer);
    expect(test.html).not.toContain('/t/o/');
    expect(test.html).toMatch(
      /Unsubscribe<\/a> · <a href="[^"]+\/p\/[^"]+">Manage your subscription<\/a><\/body><\/html>$/,
    );
  });
});
