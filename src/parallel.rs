//! Independent units of work on several threads, natively: a lesson's Monte Carlo rows and
//! replications, and a sweep's points (src/sweep/parallel.rs). Each unit
//! has its own generators and shares nothing it writes, so running them at once changes nothing
//! but the time: the results are put back in the units' order and equal the serial ones whatever
//! the number of threads. Progress is told from the caller's thread. In WebAssembly (a
//! single-threaded module; the page's pool is its workers) every function here runs the units one
//! by one, and the threading is not compiled in.
//!
//! How many threads a model's units use is a process-wide setting ([`set_jobs`], read with
//! [`jobs`]) rather than a parameter: a model is a pure function of its parameters, and the number
//! of threads is not one of them — it changes no result, so it has no place in the parameter codec
//! (the CLI, the link, the JSON), and passing it down through every lesson's `report` would make
//! each lesson carry the command line's concern. The CLI's `--jobs N` sets it once (for a sweep,
//! to the threads its points leave over); a library user gets every core. Inside a worker thread
//! of this module [`jobs`] is 1, so units within units run one by one instead of multiplying the
//! threads.

#[cfg(not(target_arch = "wasm32"))]
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// The threads set by [`set_jobs`]; 0: not set (every core).
#[cfg(not(target_arch = "wasm32"))]
static JOBS: AtomicUsize = AtomicUsize::new(0);

#[cfg(not(target_arch = "wasm32"))]
thread_local! {
    /// Whether this thread is one of this module's workers (its units then run serially).
    static IN_WORKER: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Sets how many threads a model's independent units may use (the CLI's `--jobs N`; at least 1).
#[cfg(not(target_arch = "wasm32"))]
pub fn set_jobs(n: usize) {
    JOBS.store(n.max(1), Ordering::Relaxed);
}

/// Every core this process may use (1 if that cannot be told).
#[cfg(not(target_arch = "wasm32"))]
pub fn available() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
}

/// The threads a model's independent units may use here: the [`set_jobs`] value (every core if
/// unset), 1 inside one of this module's workers, always 1 in WebAssembly.
pub fn jobs() -> usize {
    #[cfg(not(target_arch = "wasm32"))]
    {
        if IN_WORKER.with(std::cell::Cell::get) {
            return 1;
        }
        match JOBS.load(Ordering::Relaxed) {
            0 => available(),
            n => n,
        }
    }
    #[cfg(target_arch = "wasm32")]
    1
}

/// Below this much work (random draws, job-rounds) a model's units run serially: starting
/// threads costs tens of microseconds, more than such work takes.
pub const MIN_WORK: f64 = 2e5;

/// [`jobs`] for `work` units of work (draws, rounds) in all: 1 when it is too little to share.
pub fn jobs_for(work: f64) -> usize {
    if work < MIN_WORK { 1 } else { jobs() }
}

/// `f` of every item, in the items' order, on up to `jobs` threads (natively).
pub fn map_ordered<T: Sync, R: Send>(
    items: &[T],
    jobs: usize,
    f: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    map_indexed(items.len(), jobs, |i, _| f(&items[i]), &mut |_| {})
}

/// `f` of every item in order, on up to `jobs` threads, or the first error in the items' order
/// (the one a serial run stops at; items after an error may not run).
pub fn try_map_ordered<T: Sync, R: Send, E: Send>(
    items: &[T],
    jobs: usize,
    f: impl Fn(&T) -> Result<R, E> + Sync,
) -> Result<Vec<R>, E> {
    try_map_indexed(items.len(), jobs, |i, _| f(&items[i]), &mut |_| {})
}

/// `f(i, tick)` for every unit `i` in `0..units`, in order, on up to `jobs` threads. A unit may
/// call `tick(share)` (0 to 1) as it goes; `progress` hears, on the caller's thread, the share of
/// all the units done (the units weigh the same), ending at 1.
pub fn map_indexed<R: Send>(
    units: usize,
    jobs: usize,
    f: impl Fn(usize, &mut dyn FnMut(f64)) -> R + Sync,
    progress: &mut dyn FnMut(f64),
) -> Vec<R> {
    let ok = |i, tick: &mut dyn FnMut(f64)| Ok::<R, std::convert::Infallible>(f(i, tick));
    match try_map_indexed(units, jobs, ok, progress) {
        Ok(results) => results,
        Err(never) => match never {},
    }
}

/// The one runner behind the others: [`map_indexed`] with errors as [`try_map_ordered`] gives
/// them (progress stops short of 1 after an error).
pub fn try_map_indexed<R: Send, E: Send>(
    units: usize,
    jobs: usize,
    f: impl Fn(usize, &mut dyn FnMut(f64)) -> Result<R, E> + Sync,
    progress: &mut dyn FnMut(f64),
) -> Result<Vec<R>, E> {
    #[cfg(not(target_arch = "wasm32"))]
    if jobs > 1 && units > 1 {
        return threaded(units, jobs, &f, progress);
    }
    let _ = jobs;
    let n = units as f64;
    let mut results = Vec::with_capacity(units);
    for i in 0..units {
        let done = i as f64;
        results.push(f(i, &mut |share| progress((done + share) / n))?);
        progress((done + 1.0) / n);
    }
    Ok(results)
}

/// What a worker tells the caller's thread.
#[cfg(not(target_arch = "wasm32"))]
enum Message<R, E> {
    /// Unit `i` is this far (0 to 1).
    Tick(usize, f64),
    /// Unit `i` is done.
    Done(usize, Result<R, E>),
}

/// The units on `jobs` threads: each worker takes the next unit from a shared counter, sends its
/// ticks and its result; the caller's thread tells progress and puts the results in order.
#[cfg(not(target_arch = "wasm32"))]
fn threaded<R: Send, E: Send>(
    units: usize,
    jobs: usize,
    f: &(impl Fn(usize, &mut dyn FnMut(f64)) -> Result<R, E> + Sync),
    progress: &mut dyn FnMut(f64),
) -> Result<Vec<R>, E> {
    use std::sync::mpsc;
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let (send, receive) = mpsc::channel::<Message<R, E>>();
    let mut results: Vec<Option<Result<R, E>>> = (0..units).map(|_| None).collect();
    // Each unit's share done; their sum over `units` is what `progress` hears.
    let mut shares = vec![0.0; units];
    let mut tell = |i: usize, share: f64| {
        shares[i] = share;
        progress(shares.iter().sum::<f64>() / units as f64);
    };
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(units) {
            let send = send.clone();
            let (next, failed) = (&next, &failed);
            scope.spawn(move || {
                IN_WORKER.with(|w| w.set(true));
                // The stop is checked before a unit is taken, so every unit taken runs to its
                // end: the units before the first error have all run.
                while !failed.load(Ordering::SeqCst) {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= units {
                        break;
                    }
                    let result = f(i, &mut |share| {
                        let _ = send.send(Message::Tick(i, share));
                    });
                    if result.is_err() {
                        failed.store(true, Ordering::SeqCst);
                    }
                    if send.send(Message::Done(i, result)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        for message in receive {
            match message {
                Message::Tick(i, share) => tell(i, share),
                Message::Done(i, result) => {
                    if result.is_ok() {
                        tell(i, 1.0);
                    }
                    results[i] = Some(result);
                }
            }
        }
    });
    // In order: the results up to the first error (a unit after it may not have run).
    let mut out = Vec::with_capacity(units);
    for result in results {
        match result {
            Some(Ok(r)) => out.push(r),
            Some(Err(e)) => return Err(e),
            None => unreachable!("every unit before an error has run"),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serial_and_threaded_agree() {
        let items: Vec<u64> = (0..50).collect();
        let serial = map_ordered(&items, 1, |x| x * x);
        for jobs in [2, 3, 8, 64] {
            assert_eq!(map_ordered(&items, jobs, |x| x * x), serial);
        }
    }
}
