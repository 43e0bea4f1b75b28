// @ts-check
/**
 * No silent error: a `.catch(() => {})`, a `.then(ok, () => {})` or an `on('error', () => {})` whose handler
 * does nothing (`{}`, `undefined`, `null`, `void …`) either logs the error or carries a comment saying why
 * ignoring it is right (inside the handler, at the end of its line, or right above the statement). Empty
 * `catch {}` blocks are no-empty's (recommended, allowEmptyCatch off): a comment inside is the reason.
 */
/** @type {import('eslint').Rule.RuleModule} */
const erroCalado = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      calado: 'Erro ignorado sem explicação: registre-o com o logger ou diga num comentário por que ignorá-lo é certo.',
    },
  },
  create(context) {
    const fonte = context.sourceCode;
    /** @param {any} f */
    const naoFazNada = (f) => {
      if (!f || (f.type !== 'ArrowFunctionExpression' && f.type !== 'FunctionExpression')) return false;
      const b = f.body;
      if (b.type === 'BlockStatement') return b.body.length === 0;
      return (
        (b.type === 'Literal' && b.value === null) ||
        (b.type === 'Identifier' && b.name === 'undefined') ||
        (b.type === 'UnaryExpression' && b.operator === 'void')
      );
    };
    /** @param {any} f */
    const explicado = (f) => {
      if (fonte.getCommentsInside(f).length > 0) return true;
      const linha = f.loc.end.line;
      const comentarios = fonte.getAllComments();
      if (comentarios.some((c) => c.loc?.start.line === linha && (c.range?.[0] ?? 0) >= f.range[1])) return true;
      // A comment on the line right above the handler (a chained `.catch(…)` on its own line).
      if (comentarios.some((c) => c.loc?.end.line === f.loc.start.line - 1)) return true;
      // The statement that holds it in its block (a `for` or an `if` with it in its body included).
      let s = f;
      while (s.parent && !['BlockStatement', 'Program', 'StaticBlock', 'SwitchCase'].includes(s.parent.type)) s = s.parent;
      return fonte.getCommentsBefore(s).length > 0;
    };
    /** @param {any} f */
    const conferir = (f) => {
      if (naoFazNada(f) && !explicado(f)) context.report({ node: f, messageId: 'calado' });
    };
    return {
      /** @param {any} no */
      CallExpression(no) {
        const nome = no.callee.type === 'MemberExpression' && no.callee.property.type === 'Identifier' ? no.callee.property.name : null;
        if (nome === 'catch') conferir(no.arguments[0]);
        else if (nome === 'then') conferir(no.arguments[1]);
        else if ((nome === 'on' || nome === 'once') && no.arguments[0]?.type === 'Literal' && no.arguments[0].value === 'error') {
          conferir(no.arguments[1]);
        }
      },
    };
  },
};

export default erroCalado;
