import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import { Campo, type Erros } from '~/components/formulario/campos';
import * as s from '~/components/formulario/formulario.css';
import { botao } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { UFS } from '~/modules/dominio/ufs';
import { pedidoVendaSchema, registrarPedidoDeVenda } from '~/modules/conveniencias/vender-seu-carro.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { formParaObjeto, lerFormulario } from '~/utils/formulario.server';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Vender seu carro', 'Ofereça seu veículo para venda.');

/**
 * /vender-seu-carro (issue #33, decision 226): a person offers a vehicle; the brand's staff get it (kept,
 * and e-mailed to the brand's contact address). Open to visitors, as the spec's public route.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const valores = formParaObjeto(await lerFormulario(request));
  try {
    const entrada = pedidoVendaSchema.parse(valores);
    await registrarPedidoDeVenda({ db: context.db, hotsiteId: context.marca.id, emailDaMarca: context.marca.emailContato, entrada });
    return { ok: true as const, mensagem: 'Recebemos seu pedido. Nossa equipe entrará em contato em breve.', erros: {}, valores: {} };
  } catch (e) {
    return comoErroDeFormulario(e, valores);
  }
}

export default function VenderSeuCarro() {
  const r = useActionData<typeof action>() as { ok: boolean; mensagem: string; erros: Erros; valores: Record<string, string> } | undefined;
  const enviando = useNavigation().state === 'submitting';
  const v = (k: string) => (r?.ok ? '' : r?.valores[k]);
  const erroUf = r?.erros.uf?.[0];
  return (
    <section className={s.pagina}>
      <h1>Vender seu carro</h1>
      <p>Conte sobre o veículo que você quer vender. Nossa equipe avalia e responde pelo telefone ou e-mail informados.</p>
      {r ? (
        <Aviso tipo={r.ok ? 'sucesso' : 'erro'} testId="vender-aviso">
          {r.mensagem}
        </Aviso>
      ) : null}
      <Form method="post" className={s.cartao} data-testid="vender-form" noValidate>
        <Campo nome="nome" rotulo="Nome completo" valor={v('nome')} erros={r?.erros} obrigatorio autoComplete="name" />
        <Campo nome="email" rotulo="E-mail" tipo="email" valor={v('email')} erros={r?.erros} obrigatorio autoComplete="email" />
        <Campo nome="telefone" rotulo="Telefone com DDD" tipo="tel" valor={v('telefone')} erros={r?.erros} obrigatorio autoComplete="tel" />
        <Campo
          nome="marcaModelo"
          rotulo="Marca e modelo"
          valor={v('marcaModelo')}
          erros={r?.erros}
          obrigatorio
          placeholder="Volkswagen Gol 1.0"
        />
        <div className={s.grade}>
          <Campo nome="anoModelo" rotulo="Ano do modelo" inputMode="numeric" valor={v('anoModelo')} erros={r?.erros} obrigatorio />
          <Campo nome="km" rotulo="Km" inputMode="numeric" valor={v('km')} erros={r?.erros} placeholder="65.432" />
        </div>
        <Campo
          nome="valorPretendido"
          rotulo="Valor pretendido (R$)"
          inputMode="decimal"
          valor={v('valorPretendido')}
          erros={r?.erros}
          placeholder="60.000,00"
        />
        <div className={s.grade}>
          <Campo nome="cidade" rotulo="Cidade" valor={v('cidade')} erros={r?.erros} obrigatorio autoComplete="address-level2" />
          <div className={s.campo}>
            <label htmlFor="campo-uf" className={s.rotulo}>
              Estado *
            </label>
            <select
              id="campo-uf"
              name="uf"
              defaultValue={v('uf') ?? ''}
              className={s.entrada}
              required
              aria-invalid={erroUf ? true : undefined}
              aria-describedby={erroUf ? 'campo-uf-erro' : undefined}
            >
              <option value="">—</option>
              {UFS.map((u) => (
                <option key={u.sigla} value={u.sigla}>
                  {u.nome}
                </option>
              ))}
            </select>
            {erroUf ? (
              <p id="campo-uf-erro" className={s.erro} role="alert">
                {erroUf}
              </p>
            ) : null}
          </div>
        </div>
        <div className={s.campo}>
          <label htmlFor="campo-observacao" className={s.rotulo}>
            Observação
          </label>
          <textarea
            id="campo-observacao"
            name="observacao"
            rows={4}
            maxLength={2000}
            defaultValue={v('observacao') ?? ''}
            className={s.entrada}
          />
        </div>
        <button type="submit" className={botao} disabled={enviando}>
          Enviar
        </button>
      </Form>
    </section>
  );
}
