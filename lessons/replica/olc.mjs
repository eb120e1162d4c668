// kopya/olc.mjs — kopya kumesi ve sirali kume yan yana, kopya kumesine verilen toplu is,
// uzlastirma araliginin ve sonlanma olasiliginin taranmasi
import { kosum, parametreler, liste, KIP } from "./akis.mjs";
const P = parametreler(process.argv);

console.log(`${P.replicas} kopya, ${P.rounds} tur (tohum ${P.seed}); var olan her kapsul bir turda ${P.end_prob} ` +
  `olasilikla sonlanir; uzlastirici her ${P.reconcile_every} turda bir kosar; yaratilan kapsul ${P.start_rounds} turda hazir`);
console.log();
const D = [[KIP.kopya, kosum(P, "kopya")], [KIP.sirali, kosum(P, "sirali")]];
const OLCU = [["eksik tur", (r) => String(r.eksik)], ["en uzun eksik", (r) => String(r.enUzun)],
  ["en az hazir", (r) => String(r.enAz)], ["olusturulan", (r) => String(r.olusan)],
  ["ort. hazir", (r) => r.ort.toFixed(2)], ["yeni kimlik", (r) => String(r.yeniKimlik)]];
console.log(`${"olcu".padEnd(14)}${D.map(([a]) => a.padStart(14)).join("")}`);
for (const [ad, f] of OLCU) console.log(`${ad.padEnd(14)}${D.map(([, r]) => f(r).padStart(14)).join("")}`);
const J = kosum({ ...P, replicas: 1 }, "kopya", P.job_rounds);
console.log(`toplu is (1 kapsul, ${P.job_rounds} turda biter) kopya kumesinde: ${P.rounds} turda ${J.baslatma} kez ` +
  `baslatildi, ${J.tamam} kez tamamlandi; istenen tek bir tamamlamaydi`);

console.log(`\n${"uzlastirma araligi".padEnd(20)}${"kopya eksik tur".padStart(17)}${"sirali eksik tur".padStart(18)}` +
  `${"kopya en az hazir".padStart(19)}${"sirali en az hazir".padStart(20)}${"kopya en uzun eksik".padStart(21)}` +
  `${"sirali en uzun eksik".padStart(22)}`);
for (const a of liste(P.reconcile_sweep)) {
  const Q = { ...P, reconcile_every: a }, k = kosum(Q, "kopya"), q = kosum(Q, "sirali");
  console.log(`${String(a).padEnd(20)}${String(k.eksik).padStart(17)}${String(q.eksik).padStart(18)}` +
    `${String(k.enAz).padStart(19)}${String(q.enAz).padStart(20)}${String(k.enUzun).padStart(21)}${String(q.enUzun).padStart(22)}`);
}

console.log(`\n${"sonlanma olasiligi".padEnd(20)}${"kopya eksik tur".padStart(17)}${"sirali eksik tur".padStart(18)}` +
  `${"kopya en az hazir".padStart(19)}${"sirali en az hazir".padStart(20)}${"kopya yeni kimlik".padStart(19)}`);
for (const p of liste(P.end_prob_sweep)) {
  const Q = { ...P, end_prob: p }, k = kosum(Q, "kopya"), q = kosum(Q, "sirali");
  console.log(`${String(p).padEnd(20)}${String(k.eksik).padStart(17)}${String(q.eksik).padStart(18)}` +
    `${String(k.enAz).padStart(19)}${String(q.enAz).padStart(20)}${String(k.yeniKimlik).padStart(19)}`);
}
