//! The leader lesson's parameters (lider/akis.mjs `VARSAYILAN`, olc.mjs, hesap.mjs) and the checks
//! across them: crashes and pauses name existing nodes, the work stays within a budget.

use super::kinds::{NodeAt, NodeMap};
use crate::error::Error;
use crate::jsfmt::number_to_string;
use crate::params::{Kind, ParamSet};

crate::declare_params! {
    /// The lesson's parameters, typed; every key of the script's `VARSAYILAN`, its values the
    /// defaults, its comments the meanings.
    pub struct LeaderParams for "leader" {
        nodes: u32 = "3", Kind::Int { min: 1, max: 100 },
            "dugumler", "dugumler N1..Nn; tur 0'da kirayi N1 tutuyor";
        lease: u32 = "4", Kind::Int { min: 1, max: 100_000 },
            "kira", "kira suresi (tur): yenilemeden bu kadar sonra kira dolmus sayilir";
        renew: u32 = "2", Kind::Int { min: 1, max: 100_000 },
            "yenileme", "lider kirayi kac turda bir yeniler";
        poll: u32 = "1", Kind::Int { min: 1, max: 100_000 },
            "yoklama", "izleyici dugum kaydi kac turda bir okur";
        rounds: u32 = "80", Kind::Int { min: 1, max: 1_000_000 },
            "tur", "kosum uzunlugu (tur)";
        crash: Vec<NodeAt> = "N1@20", Kind::Custom(&NodeMap { max_len: 100, max: 1_000_000, nodes: "nodes", span: false }),
            "cokme", "dugum@tur: o turda coker, geri donmez";
        pause: Vec<NodeAt> = "N2@50+6", Kind::Custom(&NodeMap { max_len: 100, max: 1_000_000, nodes: "nodes", span: true }),
            "donma", "dugum@tur+sure: o turdan baslayarak sure kadar donar (GC, ag kesintisi)";
        fencing: bool = "0", Kind::Switch,
            "cit", "1: depo, surumu eski olan liderin yazmasini reddeder";
        lease_sweep: Vec<u32> = "2,4,8,16", Kind::IntList { min: 1, max: 100_000, max_len: 16 },
            "KIRALAR", "kira taramasi (olc.mjs, hesap.mjs); yenileme kiranin yarisinda";
        misset_renew: u32 = "4", Kind::Int { min: 1, max: 100_000 },
            "YANLIS.renew", "yanlis ayar tablosu: sabit yenileme araligi, ariza yok";
        misset_leases: Vec<u32> = "2,3,4,6,8", Kind::IntList { min: 1, max: 100_000, max_len: 16 },
            "YANLIS.leases", "yanlis ayar tablosu: taranan kiralar";
        misset_lease: u32 = "3", Kind::Int { min: 1, max: 100_000 },
            "hesap.mjs", "hesap.mjs: gunluk olcege cevrilen yanlis ayar";
        daily_workflows: u64 = "4000", Kind::Int { min: 0, max: 1_000_000_000 },
            "K01", "K01: gunluk fatura satiri = gunluk is akisi";
        window_h: f64 = "4", Kind::Real { min: 0.000_001, max: 1_000_000.0, min_open: false },
            "PENCERE_TUR", "gun sonu penceresi (saat), K01'in V10 toplu penceresi";
        round_s: f64 = "2", Kind::Real { min: 0.000_001, max: 1_000_000.0, min_open: false },
            "TUR_GUN", "bir turun suresi (saniye)";
        pauses_per_day: f64 = "2", Kind::Real { min: 0.0, max: 1_000_000.0, min_open: false },
            "DONMA", "varsayim: gunde kira suresini asan donma sayisi";
    }
}

/// The most node-rounds one request may simulate (well under a second natively).
pub const NODE_ROUND_BUDGET: f64 = 1e8;

impl LeaderParams {
    /// Reads the typed parameters; a crash or pause of a node beyond `nodes` is refused, and so
    /// is a run of more than [`NODE_ROUND_BUDGET`] node-rounds.
    pub fn from_set(set: &ParamSet) -> Result<Self, Error> {
        let p = Self::read(set);
        for (name, map) in [("crash", &p.crash), ("pause", &p.pause)] {
            for e in map {
                if e.node > p.nodes {
                    return Err(Error::bad(
                        name,
                        &set.get(name).to_text(),
                        format!(
                            "node N{} does not exist; with nodes={} the nodes are N1..N{}",
                            e.node, p.nodes, p.nodes
                        ),
                    )
                    .keyed(
                        "refuse.leader.node",
                        &[("node", &format!("N{}", e.node)), ("nodes", &p.nodes)],
                    ));
                }
            }
        }
        let work = p.node_rounds();
        if work > NODE_ROUND_BUDGET {
            let per_round = f64::from(p.nodes) * p.runs() as f64;
            return Err(Error::too_much_work(
                "rounds",
                &p.rounds.to_string(),
                format!(
                    "rounds={} with nodes={} would simulate {} node-rounds (nodes x rounds x the lesson's {} runs), more than the limit of {}; lower rounds (at most {} with these values), nodes, lease_sweep or misset_leases",
                    p.rounds,
                    p.nodes,
                    number_to_string(work),
                    p.runs(),
                    number_to_string(NODE_ROUND_BUDGET),
                    number_to_string((NODE_ROUND_BUDGET / per_round).floor()),
                ),
            )
            .keyed(
                "refuse.leader.work",
                &[
                    ("rounds", &p.rounds),
                    ("nodes", &p.nodes),
                    ("work", &number_to_string(work)),
                    ("max", &number_to_string(NODE_ROUND_BUDGET)),
                    ("most", &number_to_string((NODE_ROUND_BUDGET / per_round).floor())),
                ],
            ));
        }
        Ok(p)
    }

    /// The model's runs for both sections: the two fencing runs, each lease of the sweep (three
    /// times: measure, its crash alone beyond the lesson, and daily), each mis-set lease with and
    /// without fencing, and the daily mis-set run.
    pub fn runs(&self) -> usize {
        3 + 3 * self.lease_sweep.len() + 2 * self.misset_leases.len()
    }

    /// Nodes times rounds over every run.
    pub fn node_rounds(&self) -> f64 {
        f64::from(self.nodes) * f64::from(self.rounds) * self.runs() as f64
    }
}
