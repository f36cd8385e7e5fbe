import { compileVariant, createSigner, renderMessage } from '../server/features/sending/index.js';

/**
 * Issue 30's render budgets: a 30-block mailing to HTML + text (≤ 50 ms; the composer does it
 * in a worker, so the main thread never runs it), and each recipient's message at send time
 * with personalisation (≤ 0.2 ms of CPU, measured over 100,000 recipients).
 *
 * The block renderer is the SPA's own pure module and the same mjml-browser bundle the worker
 * loads, run here on Node's V8 (Chromium's engine); loaded by URL because bench/ is
 * type-checked in the server's project, which must not pull in src/ files.
 */
type Doc = { blocks: unknown[] } & Record<string, unknown>;
type Spa = {
  newDocument(address: string): Doc;
  newBlock(kind: string): Record<string, unknown>;
  renderEmail(
    doc: Doc,
    mjml: unknown,
    markdown: (md: string) => string,
    title?: string,
  ): Promise<{ html: string; text: string; errors: string[] }>;
  mjmlInNode(): unknown;
};
const spa = async (): Promise<Spa> => {
  const files = ['document', 'render-email', 'mjml-in-node'];
  const modules = await Promise.all(
    files.map(
      (f) => import(new URL(`../src/features/mailings/blocks/${f}.ts`, import.meta.url).href),
    ),
  );
  return Object.assign({}, ...modules) as Spa;
};

export const name = 'Mailing render: 30 blocks to HTML + text, then per recipient at send time';

const RECIPIENTS = Number(process.env.RENDER_BENCH_RECIPIENTS ?? 100_000);
const RUNS = 30;

/** A newsletter of 30 blocks: every kind, personalised heading, links in text and buttons. */
function thirtyBlocks({ newDocument, newBlock }: Spa): Doc {
  const doc = newDocument('Acme Ltd, 1 Harbour Street, Bristol');
  const footer = doc.blocks.at(-1);
  const kinds = ['heading', 'text', 'image', 'button', 'divider', 'text', 'columns', 'spacer'];
  const blocks = Array.from({ length: 29 }, (_, i) => {
    const block = newBlock(kinds[i % kinds.length]!);
    if (block.kind === 'heading')
      block.text = `Spring news {{ first_name | default: "friend" }} ${i}`;
    if (block.kind === 'text')
      block.html = `<p>Our <b>spring</b> range, ${i}: read <a href="https://shop.example.com/a/${i}">the story</a>.</p><ul><li>One</li><li>Two</li></ul>`;
    if (block.kind === 'image')
      Object.assign(block, { src: `images/photo-${i}.jpg`, alt: `Photo ${i}`, href: '' });
    if (block.kind === 'button')
      Object.assign(block, { label: 'Shop now', href: `https://shop.example.com/sale/${i}` });
    return block;
  });
  return { ...doc, blocks: [...blocks, footer] };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

export async function run() {
  const modules = await spa();
  const mjml = modules.mjmlInNode();
  const doc = thirtyBlocks(modules);
  const noMarkdown = () => '';
  for (let i = 0; i < 5; i++) await modules.renderEmail(doc, mjml, noMarkdown, 'News');
  const times: number[] = [];
  let rendered = { html: '', text: '', errors: [] as string[] };
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    rendered = await modules.renderEmail(doc, mjml, noMarkdown, 'News');
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    `   30 blocks → ${(rendered.html.length / 1024).toFixed(0)} KB HTML + ${(rendered.text.length / 1024).toFixed(1)} KB text, ${rendered.errors.length} MJML errors`,
  );
  console.log(
    `   render: median ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms (target ≤ 50 ms, in the composer's worker)`,
  );

  const base = 'https://mail.example.com';
  const template = compileVariant(
    {
      fromName: 'Acme',
      fromEmail: 'news@acme.example',
      replytoEmail: '',
      subject: 'Spring news for {{ first_name | default: "you" }}',
      layoutText: rendered.text,
      layoutSource: rendered.html,
    },
    base,
  );
  const signer = createSigner('bench-secret-bench-secret-bench-secret');
  const cpu = process.cpuUsage();
  const wall = performance.now();
  let bytes = 0;
  for (let i = 0; i < RECIPIENTS; i++) {
    const message = renderMessage(
      template,
      {
        who: String(i + 1),
        email: `reader${i}@example.org`,
        subscriberId: i + 1,
        deliveryId: 1,
        fields: { first_name: i % 3 ? `Reader ${i}` : '', last_name: 'Example', language: 'en' },
      },
      base,
      signer,
    );
    bytes += message.html.length;
  }
  const used = process.cpuUsage(cpu);
  const perRecipient = (used.user + used.system) / 1000 / RECIPIENTS;
  console.log(
    `   per recipient: ${perRecipient.toFixed(3)} ms of CPU over ${RECIPIENTS.toLocaleString('en')} recipients (target ≤ 0.2 ms); ${((performance.now() - wall) / 1000).toFixed(1)} s wall, ${(bytes / RECIPIENTS / 1024).toFixed(0)} KB HTML each`,
  );
}
