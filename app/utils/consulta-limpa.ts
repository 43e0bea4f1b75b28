/**
 * A GET form sends its empty fields too (`/leilao?uf=&valor_max=&q=`): the address then carries keys
 * that mean nothing, and a shared link reads as a filter that is not there. Both ways of sending keep
 * the address clean: with JavaScript the empty fields are left out before the form is sent
 * (`semCamposVazios`, entry.client.tsx); without it the server answers the address without them with a
 * redirect (`enderecoSemVazios`, app/servidor/erros.server.ts).
 */

/** The address without its empty query pairs, or null when it has none (or is a Remix data request). */
export function enderecoSemVazios(url: string): string | null {
  const i = url.indexOf('?');
  if (i < 0) return null;
  const consulta = new URLSearchParams(url.slice(i + 1));
  if (consulta.has('_data')) return null;
  const pares = [...consulta.entries()];
  // `?index` is Remix's own flag (a form sent to an index route), empty by design.
  const cheios = pares.filter(([k, v]) => v.trim() !== '' || k === 'index');
  if (cheios.length === pares.length) return null;
  const limpa = new URLSearchParams(cheios).toString();
  return `${url.slice(0, i)}${limpa ? `?${limpa}` : ''}`;
}

/**
 * Leaves a GET form's empty text fields out of what it sends: they are disabled for the moment of the
 * submission (a disabled field is not part of the form data), then enabled again. Listens in the
 * capture phase on the document, so it runs before Remix's `<Form>` reads the fields.
 */
export function semCamposVazios(doc: Document) {
  doc.addEventListener(
    'submit',
    (e) => {
      const form = e.target;
      if (!(form instanceof HTMLFormElement) || form.method.toLowerCase() !== 'get') return;
      const vazios = [...form.elements].filter(
        (c): c is HTMLInputElement | HTMLSelectElement =>
          (c instanceof HTMLInputElement || c instanceof HTMLSelectElement) &&
          !c.disabled &&
          c.name !== '' &&
          !['checkbox', 'radio', 'submit', 'button', 'image'].includes(c.type) &&
          c.value.trim() === '',
      );
      if (!vazios.length) return;
      for (const c of vazios) c.disabled = true;
      setTimeout(() => {
        for (const c of vazios) c.disabled = false;
      });
    },
    true,
  );
}
