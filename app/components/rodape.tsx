import { Link } from '@remix-run/react';
import { useMarca, useWording } from '~/components/marca';
import { rodape } from '~/locales/pt-BR/rodape';
import { SeloDaMarca } from './confianca/selo';
import * as ic from './icones-casca.css';
import { container } from './layout.css';
import * as s from './rodape.css';

export function RedesSociais({ className }: { className?: string }) {
  const { redesSociais } = useMarca();
  return (
    <div className={className}>
      {Object.entries(redesSociais).map(([rede, url]) => {
        const icone = Object.hasOwn(ic.rede, rede) ? ic.rede[rede as keyof typeof ic.rede] : null;
        return (
          <a key={rede} href={url} target="_blank" rel="noopener noreferrer" aria-label={rede}>
            {icone ? <span className={icone} aria-hidden /> : rede}
          </a>
        );
      })}
    </div>
  );
}

export const linkWhatsapp = (numero: string) => `https://wa.me/${numero.replace(/\D/g, '')}`;

export function Rodape() {
  const marca = useMarca();
  const t = useWording(rodape);
  const e = marca.endereco;
  return (
    <footer className={s.rodape} data-testid="rodape" data-sob-demanda="rodape">
      <div className={container}>
        <div className={s.colunas}>
          <div>
            <h2 className={s.titulo}>{marca.nome}</h2>
            <p>{marca.descricao}</p>
            {e ? (
              <address style={{ fontStyle: 'normal' }}>
                {[e.logradouro, e.numero].filter(Boolean).join(', ')}
                {e.bairro ? ` · ${e.bairro}` : ''} · {e.cidade}/{e.estadoSigla}
                {e.cep ? ` · CEP ${e.cep}` : ''}
              </address>
            ) : null}
            <RedesSociais className={s.redes} />
          </div>
          <div>
            <h2 className={s.titulo}>{t('rodape.atendimento')}</h2>
            <ul className={s.lista}>
              {marca.telefoneContato ? (
                <li>
                  <span className={ic.contato.telefone} aria-hidden /> {marca.telefoneContato}
                </li>
              ) : null}
              {marca.whatsappContato ? (
                <li>
                  <span className={ic.contato.whatsapp} aria-hidden />{' '}
                  <a href={linkWhatsapp(marca.whatsappContato)} target="_blank" rel="noopener noreferrer">
                    {t('rodape.whatsapp')}
                  </a>
                </li>
              ) : null}
              {marca.emailContato ? (
                <li>
                  <span className={ic.contato.email} aria-hidden /> <a href={`mailto:${marca.emailContato}`}>{marca.emailContato}</a>
                </li>
              ) : null}
            </ul>
          </div>
          <div>
            <h2 className={s.titulo}>{t('rodape.institucional')}</h2>
            <ul className={s.lista}>
              <li>
                <Link to="/quem-somos">{t('rodape.quem_somos')}</Link>
              </li>
              <li>
                <Link to="/como-funciona">{t('nav.como_funciona')}</Link>
              </li>
              <li>
                <Link to="/regulamento">{t('rodape.regulamento')}</Link>
              </li>
              <li>
                <Link to="/duvidas">{t('rodape.duvidas')}</Link>
              </li>
              <li>
                <Link to="/formas-de-pagamento">{t('rodape.formas_pagamento')}</Link>
              </li>
              <li>
                <Link to="/documentos">{t('rodape.documentos')}</Link>
              </li>
              <li>
                <Link to="/termos-de-uso">{t('rodape.termos')}</Link>
              </li>
              <li>
                <Link to="/politica-de-privacidade">{t('rodape.privacidade')}</Link>
              </li>
              <li>
                <Link to="/acessibilidade">{t('rodape.acessibilidade')}</Link>
              </li>
            </ul>
          </div>
        </div>
        <div className={s.legal}>
          <SeloDaMarca />
          {marca.rodape ? <p>{marca.rodape}</p> : null}
          <p>{t('rodape.direitos', { ano: new Date().getFullYear(), nome: marca.nome })}</p>
        </div>
      </div>
    </footer>
  );
}
