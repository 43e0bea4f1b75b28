import * as f from '~/components/admin-form.css';
import { TabelaRolavel } from '~/components/backoffice/pecas';
import { FormAcao } from './form-acao';

/** ADM assigns which Interno - MKT users may edit this brand's pages and banners. */
export function Editores({ editores }: { editores: { id: number; nome: string; email: string; atribuido: boolean }[] }) {
  if (!editores.length) return <p>Nenhum usuário com o papel Interno - MKT.</p>;
  return (
    <TabelaRolavel rotulo="Editores da marca">
      <table className={f.tabela}>
        <thead>
          <tr>
            <th>Usuário (Interno - MKT)</th>
            <th>E-mail</th>
            <th>Edita esta marca</th>
          </tr>
        </thead>
        <tbody>
          {editores.map((u) => (
            <tr key={u.id}>
              <td>{u.nome}</td>
              <td>{u.email}</td>
              <td>
                <FormAcao acao="atribuir-mkt" alvo={String(u.id)}>
                  <input type="hidden" name="usuarioId" value={u.id} />
                  <input type="hidden" name="atribuir" value={u.atribuido ? 'nao' : 'sim'} />
                  <span style={{ marginRight: 8 }}>{u.atribuido ? 'Sim' : 'Não'}</span>
                  <button type="submit" className={f.botaoPequeno}>
                    {u.atribuido ? 'Remover' : 'Atribuir'}
                  </button>
                </FormAcao>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TabelaRolavel>
  );
}
