import type { ReactNode } from 'react';
import * as s from './aviso.css';

/** A notice box: information, error (announced at once) or success. */
export function Aviso({ tipo = 'info', children, testId }: { tipo?: 'info' | 'erro' | 'sucesso'; children: ReactNode; testId?: string }) {
  const cls = tipo === 'erro' ? s.avisoErro : tipo === 'sucesso' ? s.avisoSucesso : s.aviso;
  return (
    <div className={cls} role={tipo === 'erro' ? 'alert' : 'status'} data-testid={testId}>
      {children}
    </div>
  );
}
