//! Compare mode as the page's run shows it (`doc.vs`): B, A and Δ aligned ([`super::aligned`])
//! with the summary's largest changes ([`super::summary`]) and run A's query.

use super::aligned::aligned;
use super::model::Change;
use crate::report::Section;
use serde::Serialize;

/// Compare mode as the page's run returns it (`vs=` in its query): run A's query, the
/// parameters that differ, and B, A and Δ aligned.
#[derive(Debug, Clone, Serialize)]
pub struct Versus {
    /// Run A's parameters that differ from the lesson's, as `vs=` carries them.
    pub query: String,
    /// The largest changes in the results, as the CLI's comparison names them.
    pub largest: Vec<Change>,
    /// Every parameter of A in the codec's text form (B's are the document's `params`).
    #[serde(serialize_with = "crate::query::pairs_as_map")]
    pub params: Vec<(&'static str, String)>,
    /// B's sections (see [`super::aligned::Aligned`]).
    pub b: Vec<Section>,
    /// A's sections.
    pub a: Vec<Section>,
    /// Δ's sections.
    pub delta: Vec<Section>,
}

/// Compares B's report with A's for the page (see [`Versus`]).
pub fn versus(
    b: &crate::report::Report,
    a: &crate::report::Report,
    pa: &crate::params::ParamSet,
) -> Versus {
    let al = aligned(&b.sections, &a.sections);
    let echo = |name: &str| pa.schema().spec(name).is_some();
    Versus {
        largest: super::summary::largest(&al, &echo),
        query: crate::query::vs_query(pa),
        params: pa.pairs(),
        b: al.b,
        a: al.a,
        delta: al.delta,
    }
}
