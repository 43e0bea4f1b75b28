import { useActionData, useFetcher, useLocation } from '@remix-run/react';
import { createContext, useCallback, useContext, useEffect, useRef } from 'react';
import * as f from '~/components/admin-form.css';
import { useDispensarAguarde, useToast } from '~/components/toast';
import type { RespostaAcao } from './acoes.server';

const ErrosContexto = createContext<Record<string, string[]> | undefined>(undefined);

/**
 * A form for one change on the brand screen. With JavaScript it posts through a fetcher (toasts:
 * the 'Aguarde...' one while sending, then the result); without, it is a plain POST and the page
 * comes back with the same answer (actionData) for this form.
 */
export function FormAcao({
  acao,
  alvo,
  aguarde = 'Aguarde estamos enviando sua requisicao',
  multipart = false,
  children,
  className,
  testId,
  onChange,
  persistente = false,
  limparAoSalvar = false,
}: {
  acao: string;
  alvo?: string;
  aguarde?: string;
  multipart?: boolean;
  children: React.ReactNode;
  className?: string;
  testId?: string;
  onChange?: React.FormEventHandler<HTMLFormElement>;
  /** For deletions: the answer is reported by the screen, since this form unmounts with its row. */
  persistente?: boolean;
  /** Forms that add a row start empty again once it was added. */
  limparAoSalvar?: boolean;
}) {
  const fetcher = useFetcher<RespostaAcao>();
  const doPost = useActionData<RespostaAcao>();
  const mostrar = useToast();
  const { pathname, search } = useLocation();
  useToastsDoEnvio(fetcher);
  const enviarPelaRota = useContext(EnvioContexto);
  const formulario = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (limparAoSalvar && fetcher.state === 'idle' && fetcher.data?.ok) formulario.current?.reset();
  }, [limparAoSalvar, fetcher.state, fetcher.data]);

  const resposta = fetcher.data ?? (doPost && doPost.acao === acao && (doPost.alvo ?? '') === (alvo ?? '') ? doPost : undefined);
  return (
    <fetcher.Form
      ref={formulario}
      method="post"
      action={`${pathname}${search}`}
      encType={multipart ? 'multipart/form-data' : undefined}
      className={className}
      data-testid={testId}
      onChange={onChange}
      onSubmit={(e) => {
        if (persistente && enviarPelaRota) {
          // The row this form sits in disappears with the change: the route-level fetcher reports it.
          e.preventDefault();
          enviarPelaRota(e.currentTarget, aguarde);
          return;
        }
        mostrar(aguarde, 'aguarde', 15_000);
      }}
    >
      <input type="hidden" name="_acao" value={acao} />
      {alvo ? <input type="hidden" name="alvo" value={alvo} /> : null}
      {resposta && !resposta.ok ? (
        <p className={f.resumoErro} role="alert">
          {resposta.mensagem}
        </p>
      ) : null}
      <ErrosContexto.Provider value={resposta?.erros}>{children}</ErrosContexto.Provider>
    </fetcher.Form>
  );
}

type Fetcher = ReturnType<typeof useFetcher<RespostaAcao>>;

/** Toasts for one fetcher: the answer's toast (or error) once it lands; a silent end drops 'Aguarde'. */
function useToastsDoEnvio(fetcher: Fetcher) {
  const mostrar = useToast();
  const dispensar = useDispensarAguarde();
  const visto = useRef<unknown>(null);
  const enviando = useRef(false);
  useEffect(() => {
    if (fetcher.state !== 'idle') {
      enviando.current = true;
      return;
    }
    const terminou = enviando.current;
    enviando.current = false;
    const d = fetcher.data;
    if (!d || d === visto.current) {
      if (terminou) dispensar();
      return;
    }
    visto.current = d;
    if (d.toast) mostrar(d.toast.texto, d.toast.tipo);
    else if (!d.ok && d.mensagem) mostrar(d.mensagem, 'erro', 5_000);
  }, [fetcher.state, fetcher.data, mostrar, dispensar]);
}

const EnvioContexto = createContext<((form: HTMLFormElement, aguarde: string) => void) | null>(null);

/** One fetcher for the whole screen, for changes whose form goes away with them (deletions). */
export function ProvedorDeEnvio({ children }: { children: React.ReactNode }) {
  const fetcher = useFetcher<RespostaAcao>();
  const mostrar = useToast();
  const { pathname, search } = useLocation();
  useToastsDoEnvio(fetcher);
  const enviar = useCallback(
    (form: HTMLFormElement, aguarde: string) => {
      mostrar(aguarde, 'aguarde', 15_000);
      fetcher.submit(form, { method: 'post', action: `${pathname}${search}` });
    },
    [fetcher, mostrar, pathname, search],
  );
  return <EnvioContexto.Provider value={enviar}>{children}</EnvioContexto.Provider>;
}

/** A labelled field with its error (by the schema's path, e.g. `endereco.cidade`). */
export function Campo({
  nome,
  rotulo,
  children,
  largo = false,
}: {
  nome: string;
  rotulo: string;
  children: React.ReactNode;
  largo?: boolean;
}) {
  const erros = useContext(ErrosContexto)?.[nome];
  return (
    <label className={`${f.campo} ${largo ? f.largo : ''}`}>
      <span>{rotulo}</span>
      {children}
      {erros?.length ? <span className={f.erroCampo}>{erros.join(' ')}</span> : null}
    </label>
  );
}

export function Marcar({ nome, rotulo, marcado, valor }: { nome: string; rotulo: string; marcado: boolean; valor?: string }) {
  return (
    <label className={f.marcar}>
      <input type="checkbox" name={nome} value={valor ?? 'on'} defaultChecked={marcado} />
      {rotulo}
    </label>
  );
}
