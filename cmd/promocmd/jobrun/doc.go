// Package jobrun is the one runner of promo's bulk jobs: promo generate,
// promo apply, delete, enable and disable of a selection, and the actions
// of promo browse. A Job holds one throttle, shared by the clients'
// transport and the engine; the clients (reads with retries, writes sent
// once, API); the journal and the site's lock; the progress bar; Ctrl-C;
// and the order of what a job says at its end, each verb saying its own
// words (Report). Env is what a job takes from the run besides the
// session: the throttle's maker and whether a bar may be drawn.
package jobrun
