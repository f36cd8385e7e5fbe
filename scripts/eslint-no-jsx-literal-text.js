/**
 * No user-visible text written as a literal in JSX (issue 55): every word a user reads comes
 * from the message catalogs, through Lingui's `<Trans>` or `t`. Reports JSX text, string
 * children (`{'Save'}`), and strings in the props that show text (`label`, `title`,
 * `placeholder`, `aria-label`, any `…Label`/`…Message`/…), also as either branch of a
 * condition. Strings without a letter (`—`, `·`, `:`) pass. eslint-plugin-lingui's
 * no-unlocalized-strings checks every string of a file (query keys, CSS values, URLs),
 * which is another rule than "what a person reads".
 */
const LETTER = /\p{L}/u;
const TEXT_PROPS =
  /^(?:aria-label|aria-description|aria-valuetext|alt|title|label|placeholder|description|error|message|tooltip|hint|caption|legend|heading|text|content|confirmLabel|cancelLabel)$|(?:Label|Title|Text|Message|Placeholder|Description|Hint|Caption|Heading)$/;
// Lingui's JSX macros: their children are the catalog's messages.
const MACROS = new Set(['Trans', 'Plural', 'Select', 'SelectOrdinal']);

const hasLetter = (node) => {
  if (!node) return false;
  if (node.type === 'Literal') return typeof node.value === 'string' && LETTER.test(node.value);
  if (node.type === 'TemplateLiteral')
    return node.quasis.some((q) => LETTER.test(q.value.cooked ?? ''));
  if (node.type === 'ConditionalExpression')
    return hasLetter(node.consequent) || hasLetter(node.alternate);
  if (node.type === 'LogicalExpression') return hasLetter(node.right);
  return false;
};

function insideMacro(node) {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (parent.type === 'JSXElement' && MACROS.has(parent.openingElement.name.name)) return true;
  }
  return false;
}

const rule = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow user-visible text literals in JSX outside the message catalogs.',
    },
    schema: [],
    messages: {
      text: 'Text a user reads comes from the catalog: wrap it in <Trans> or use t`…` (npm run i18n:extract).',
    },
  },
  create(context) {
    const report = (node) => {
      if (!insideMacro(node)) context.report({ node, messageId: 'text' });
    };
    return {
      JSXText(node) {
        if (LETTER.test(node.value)) report(node);
      },
      'JSXElement > JSXExpressionContainer, JSXFragment > JSXExpressionContainer'(node) {
        if (hasLetter(node.expression)) report(node);
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : '';
        if (!TEXT_PROPS.test(name) || !node.value) return;
        const value =
          node.value.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
        if (hasLetter(value)) report(node);
      },
    };
  },
};

export default { rules: { 'no-jsx-literal-text': rule } };
