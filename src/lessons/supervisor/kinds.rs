//! The supervisor lesson's own parameter kind: a fault map, `S2@indirim,S5@tarife` (the lesson's
//! ASILI and KALICI: job to step, each job once, may be empty), which the page edits with every
//! map of the lesson as one job × step grid (the lesson's page control, `page/controls.js`).

use crate::params::{
    Bound, Data, KindValue, LessonKind, Reason, Value, join, name_of, split_items,
};

/// A map of jobs to steps: `S2@indirim`, comma-separated.
pub struct FaultMap {
    /// Faults in the map at most.
    pub max_len: usize,
    /// The whole-number parameter that counts the jobs (S1..Sn), for the page's grid.
    pub jobs: &'static str,
    /// The names parameter that lists the steps, for the page's grid.
    pub steps: &'static str,
}

/// A fault: job `S<job>` at step `step`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault {
    /// The job number (1 for S1).
    pub job: u32,
    /// The step's name.
    pub step: String,
}

impl KindValue for Vec<Fault> {
    fn to_text(&self) -> String {
        join(self.iter().map(|f| format!("S{}@{}", f.job, f.step)))
    }
}

impl LessonKind for FaultMap {
    fn name(&self) -> &'static str {
        "faults"
    }

    fn allowed(&self) -> String {
        format!(
            "up to {} faults job@step separated by commas (such as S2@indirim), each job once, or nothing",
            self.max_len
        )
    }

    fn parse(&self, t: &str) -> Result<Value, Reason> {
        let mut out: Vec<Fault> = Vec::new();
        if t.is_empty() {
            return Ok(Value::custom(out));
        }
        for item in split_items(t, self.max_len).map_err(Reason::expected)? {
            let fault = fault(item)?;
            if out.iter().any(|f| f.job == fault.job) {
                return Err(Reason::new(
                    format!(
                        "job S{} appears twice; each job may have one fault here",
                        fault.job
                    ),
                    "why.job_twice",
                    &[("job", &format!("S{}", fault.job))],
                ));
            }
            out.push(fault);
        }
        Ok(Value::custom(out))
    }

    fn bounds(&self) -> Vec<(&'static str, Bound)> {
        vec![
            ("max_len", Bound::Int(self.max_len as i64)),
            ("jobs", Bound::Name(self.jobs)),
            ("steps", Bound::Name(self.steps)),
        ]
    }

    /// The faults as `[{job, step}]`, in the map's order.
    fn detail(&self, value: &Value) -> Option<Data> {
        let Value::Custom(v) = value else { return None };
        let map: &Vec<Fault> = v.get()?;
        Some(Data::List(
            map.iter()
                .map(|f| {
                    Data::Record(vec![
                        ("job", Data::Int(i64::from(f.job))),
                        ("step", Data::Text(f.step.clone())),
                    ])
                })
                .collect(),
        ))
    }
}

/// `S<n>@<step>`.
fn fault(item: &str) -> Result<Fault, Reason> {
    let form = || {
        Reason::new(
            format!("\"{item}\" is not a fault job@step such as S2@indirim"),
            "why.fault_form",
            &[("item", &item)],
        )
    };
    let (job, step) = item.split_once('@').ok_or_else(form)?;
    let (job, step) = (job.trim(), step.trim());
    let number = job.strip_prefix('S').ok_or_else(form)?;
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) || number.starts_with('0') {
        return Err(form());
    }
    let job: u32 = number.parse().map_err(|_| form())?;
    name_of(step)?;
    Ok(Fault {
        job,
        step: step.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::{Kind, parse_value, spec_of};

    static MAP: FaultMap = FaultMap {
        max_len: 5,
        jobs: "jobs",
        steps: "steps",
    };

    #[test]
    fn faults_read_and_print_back() {
        let spec = spec_of(Kind::Custom(&MAP));
        let v = parse_value(&spec, " S2@indirim , S10@fatura ").unwrap();
        assert_eq!(v.to_text(), "S2@indirim,S10@fatura");
        assert_eq!(parse_value(&spec, "").unwrap().to_text(), "");
        for bad in [
            "S0@a",
            "2@a",
            "S2",
            "S2@",
            "S2@a,S2@b",
            "S02@a",
            "S2@a b",
            "S1,",
        ] {
            assert!(parse_value(&spec, bad).is_err(), "{bad:?}");
        }
        let e = parse_value(&spec, "S2@a,S2@b").unwrap_err();
        assert_eq!(
            e.to_string(),
            "parameter p = \"S2@a,S2@b\": job S2 appears twice; each job may have one fault here"
        );
    }

    #[test]
    fn fault_maps_name_their_job_count_and_steps() {
        use crate::lessons::supervisor::params::SCHEMA;
        for s in SCHEMA.specs {
            let Kind::Custom(kind) = s.kind else { continue };
            if kind.name() != "faults" {
                continue;
            }
            let named = |key| {
                kind.bounds()
                    .into_iter()
                    .find_map(|(k, b)| (k == key).then_some(b))
            };
            let kind = |key| match named(key) {
                Some(Bound::Name(name)) => SCHEMA.spec(name).map(|p| p.kind),
                _ => None,
            };
            assert!(matches!(kind("jobs"), Some(Kind::Int { .. })), "{}", s.name);
            assert!(
                matches!(kind("steps"), Some(Kind::Names { .. })),
                "{}",
                s.name
            );
        }
    }
}
