// kopya/akis.mjs — kopya kumesi ve sirali kume: sonlanan kapsulu yeniden yaratan uzlastirici.
// Tur tabanli surec ici model; gercek bir kume kosturulmuyor. Kume uzlasmis baslar: istenen sayida
// kapsul 1. turda hazirdir. Her turda once sonlanmalar, sonra (sirasi geldiyse) uzlastirma, sonra sayim.
export const VARSAYILAN = {
  replicas: 3,              // istenen kopya sayisi: uzlastiricinin hedefi
  rounds: 200,              // kosum uzunlugu (tur)
  seed: 20260701,           // minstd tohumu: kapsul sonlanmalari
  end_prob: 0.03,           // var olan (hazir ya da baslayan) bir kapsulun bir turda sonlanma olasiligi
  reconcile_every: 1,       // uzlastirici bu kadar turda bir kosar: istenen ile gercegi karsilastirir
  start_rounds: 2,          // yaratilan kapsulun hazir olmasi icin gecen tur
  job_rounds: 5,            // toplu is: hazir kapsul bu kadar tur calisir, isini bitirir ve kendiliginden sonlanir
  reconcile_sweep: "1,2,5,10",        // uzlastirma araligi taramasi (tur)
  end_prob_sweep: "0,0.01,0.05,0.2",  // sonlanma olasiligi taramasi
};
export const KIP = { kopya: "kopya kumesi", sirali: "sirali kume" };
export const liste = (metin) => String(metin).split(",").map(Number);

// kip: "kopya" (kapsuller birbirinin yerine gecer, eksikler hepsi birden, her biri yeni adla) ya da
// "sirali" (web-0, web-1, ...: eksik kapsul ayni kimlikle, sirayla ve tek tek; OrderedReady).
// is > 0: kapsul hazir olduktan is tur sonra isini bitirir (kopya kumesine verilmis toplu is).
export function kosum(P, kip, is = 0) {
  let s = P.seed % 2147483647;
  const rast = () => (s = (s * 48271) % 2147483647) / 2147483647;
  const N = P.replicas;
  const yuva = Array.from({ length: N }, (_, k) => ({ ad: `web-${k}`, hazir: 1, bitis: 1 + is }));
  const ilk = yuva.length, adlar = new Set(yuva.map((p) => p.ad));
  let sayac = N, olusan = 0, tamam = 0, eksik = 0, enAz = N, hazirTop = 0, dizi = 0, enUzun = 0;
  const yarat = (k, t) => {                      // kopya kumesi yeni ad verir, sirali kume yuvanin adini
    const ad = kip === "sirali" ? `web-${k}` : `web-${sayac++}`;
    adlar.add(ad); olusan += 1;
    yuva[k] = { ad, hazir: t + P.start_rounds, bitis: t + P.start_rounds + is };
  };
  for (let t = 1; t <= P.rounds; t++) {
    for (let k = 0; k < N; k++) {               // her yuvaya her tur bir cekilis: iki kip ayni sonlanmalari gorur
      const u = rast(), p = yuva[k];
      if (!p) continue;
      if (is > 0 && p.bitis <= t) { yuva[k] = null; tamam += 1; }   // toplu is bitti: bilerek sonlanir
      else if (u < P.end_prob) yuva[k] = null;                       // coker ya da tahliye edilir
    }
    if (t % P.reconcile_every === 0) {
      if (kip === "kopya") {
        for (let k = 0; k < N; k++) if (!yuva[k]) yarat(k, t);      // eksiklerin hepsi birden, paralel
      } else {
        for (let k = 0; k < N; k++) {           // sirayla: k hazir olmadan k+1 yaratilmaz, turda en cok bir
          if (!yuva[k]) { yarat(k, t); break; }
          if (yuva[k].hazir > t) break;
        }
      }
    }
    const hazir = yuva.filter((p) => p && p.hazir <= t).length;
    hazirTop += hazir; enAz = Math.min(enAz, hazir);
    if (hazir < N) { eksik += 1; dizi += 1; enUzun = Math.max(enUzun, dizi); } else dizi = 0;
  }
  return { eksik, enUzun, enAz, olusan, ort: hazirTop / P.rounds, yeniKimlik: adlar.size - ilk, baslatma: ilk + olusan, tamam };
}

export const parametreler = (argv) => ({ ...VARSAYILAN, ...(argv[2] ? JSON.parse(argv[2]) : {}) });
