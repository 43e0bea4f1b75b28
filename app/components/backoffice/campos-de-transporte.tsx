import { Link } from '@remix-run/react';
import { useEffect, useState } from 'react';
import type { Erros } from '~/components/formulario/campos';
import * as f from '~/components/formulario/formulario.css';
import type { OpcoesDeTransporte } from '~/modules/remocoes/cadastros.server';

/** A removal's chosen carrier and driver (ids and the names kept on the removal). */
export interface TransporteAtual {
  transportadoraId: number | null;
  transportadora: string | null;
  motoristaId: number | null;
  motorista: string | null;
}

/**
 * The carrier and the driver from the registers (decision 270): the brand's active carriers, and the drivers of
 * the chosen one. Without JavaScript every driver is listed under their carrier's name; once the page runs, only
 * the chosen carrier's drivers are offered. The server checks the pair either way.
 */
export function CamposDeTransporte({
  opcoes,
  x,
  transportadoraId,
  motoristaId,
  erros,
}: {
  opcoes: OpcoesDeTransporte;
  /** The removal being edited (its own carrier or driver stays offered, even deactivated); none for a new one. */
  x?: TransporteAtual | null;
  transportadoraId: string;
  motoristaId: string;
  erros?: Erros;
}) {
  const [transportadora, setTransportadora] = useState(transportadoraId);
  const [motorista, setMotorista] = useState(motoristaId);
  const [filtrar, setFiltrar] = useState(false);
  useEffect(() => setFiltrar(true), []);
  // A removal's own carrier or driver, deactivated since, stays offered to it.
  const transportadoras = [...opcoes.transportadoras];
  if (x?.transportadoraId != null && !transportadoras.some((t) => t.id === x.transportadoraId))
    transportadoras.push({ id: x.transportadoraId, nome: `${x.transportadora ?? ''} (inativa)` });
  const motoristas = [...opcoes.motoristas];
  if (x?.motoristaId != null && x.transportadoraId != null && !motoristas.some((m) => m.id === x.motoristaId))
    motoristas.push({ id: x.motoristaId, nome: `${x.motorista ?? ''} (inativo)`, transportadoraId: x.transportadoraId });
  const grupos = transportadoras
    .filter((t) => !filtrar || String(t.id) === transportadora)
    .map((t) => ({ t, ms: motoristas.filter((m) => m.transportadoraId === t.id) }))
    .filter((g) => g.ms.length > 0);
  const erroT = erros?.transportadoraId?.[0];
  const erroM = erros?.motoristaId?.[0];
  return (
    <>
      <div className={f.campo}>
        <label htmlFor="campo-transportadoraId" className={f.rotulo}>
          Transportadora
        </label>
        <select
          id="campo-transportadoraId"
          name="transportadoraId"
          className={f.entrada}
          value={transportadora}
          onChange={(e) => {
            const nova = e.target.value;
            setTransportadora(nova);
            if (!motoristas.some((m) => String(m.id) === motorista && String(m.transportadoraId) === nova)) setMotorista('');
          }}
          aria-invalid={erroT ? true : undefined}
          aria-describedby={erroT ? 'campo-transportadoraId-erro' : undefined}
        >
          <option value="">—</option>
          {transportadoras.map((t) => (
            <option key={t.id} value={t.id}>
              {t.nome}
            </option>
          ))}
        </select>
        {erroT ? (
          <p id="campo-transportadoraId-erro" className={f.erro}>
            {erroT}
          </p>
        ) : null}
        {transportadoras.length === 0 ? (
          <p className={f.ajuda}>
            Nenhuma transportadora ativa: <Link to="/admin/transportadoras">cadastre uma</Link>.
          </p>
        ) : null}
      </div>
      <div className={f.campo}>
        <label htmlFor="campo-motoristaId" className={f.rotulo}>
          Motorista
        </label>
        <select
          id="campo-motoristaId"
          name="motoristaId"
          className={f.entrada}
          value={motorista}
          onChange={(e) => setMotorista(e.target.value)}
          aria-invalid={erroM ? true : undefined}
          aria-describedby={erroM ? 'campo-motoristaId-erro' : undefined}
        >
          <option value="">{filtrar && !transportadora ? 'Escolha antes a transportadora' : '—'}</option>
          {grupos.map((g) => (
            <optgroup key={g.t.id} label={g.t.nome}>
              {g.ms.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.nome}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        {erroM ? (
          <p id="campo-motoristaId-erro" className={f.erro}>
            {erroM}
          </p>
        ) : null}
      </div>
    </>
  );
}
