/**
 * The websocket heartbeat in slices (decision 094). Every member is visited once per `intervaloMs`, as
 * before, but the members are spread over `fatias` ticks of `intervaloMs / fatias` each (a new member
 * joins the smallest slice). So 5,000 sockets never take their pings, and send back their pongs, in one
 * burst: such a burst costs about what a bid's fan-out to them costs, and a fan-out running at that
 * moment (or the bids queued behind it) waited for it.
 */
export function criarBatimento<T>(intervaloMs: number, visitar: (membro: T) => void, fatias = 16) {
  const grupos = Array.from({ length: fatias }, () => new Set<T>());
  const grupoDe = new Map<T, Set<T>>();
  let vez = 0;
  const timer = setInterval(() => {
    const grupo = grupos[vez];
    vez = (vez + 1) % fatias;
    // A visit may remove its member (a socket terminated): a Set's iteration allows that.
    for (const membro of grupo) visitar(membro);
  }, intervaloMs / fatias);
  timer.unref();
  return {
    adicionar(membro: T) {
      if (grupoDe.has(membro)) return;
      const menor = grupos.reduce((a, b) => (b.size < a.size ? b : a));
      menor.add(membro);
      grupoDe.set(membro, menor);
    },
    remover(membro: T) {
      grupoDe.get(membro)?.delete(membro);
      grupoDe.delete(membro);
    },
    parar() {
      clearInterval(timer);
    },
  };
}
