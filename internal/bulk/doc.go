// Package bulk is promoctl's one engine for work on many promo codes:
// promo generate and promo apply (writes, journaled) and promo report
// (reads). It draws nothing and knows no command: callers pass a context,
// options and callbacks, and render what comes back.
//
// Two layers:
//
//   - Run is the generic engine: a bounded worker pool (Options.Concurrency,
//     default 4, never more in flight), a Throttle (a token bucket from
//     golang.org/x/time/rate that pauses every worker until a Retry-After
//     has passed, and halves on a 429 only while the 429s that follow show
//     the cut helped, so that load shedding does not sink it; the 429'd item is tried
//     again), per-item outcomes (Done, Failed, Unknown, NotStarted),
//     progress callbacks, and Ctrl-C handling: once ctx is cancelled no item
//     starts, and the ones in flight finish under their own context, which
//     is cancelled only Options.Grace later. promo report calls Run directly
//     with ClassifyRead.
//
//   - Journal and Execute carry out a plan of writes (Op: create, update,
//     disable, delete) safely: each step is appended to a JSON Lines journal
//     and fsynced before the next (header and plan, then "sent" before each
//     request and its outcome after), a create whose outcome is unknown is
//     settled by one read of the site's list for all of them — found, it is
//     created with the listed id; not found on a read begun OpTimeout after
//     its attempt, it is sent again; not found sooner, it waits — and never
//     sent blindly twice. A 409 after an unknown attempt is unknown too. Open replays a journal (a torn last line from a
//     kill -9 is dropped) so that Execute resumes it the same way.
//
// promo generate, new job:
//
//	policy := api.DefaultRetryPolicy() // the run's one retry policy
//	th := bulk.NewThrottle(0)
//	client, err := api.New(api.Options{…, Transport: th.Transport(nil), // Retry-After reaches the throttle
//		Retry: policy.OneAttempt()})                                 // the engine retries the writes
//	existing := codes of client.ListPromos(ctx, site)               // read once
//	codes, err := codegen.Generate(format, count, existing)         // *codegen.CapacityError: exit 2
//	path := flag or bulk.DefaultPath(os.Getenv, bulk.NewJobID(time.Now()))
//	j, err := bulk.Create(path, bulk.Header{Job: id, Kind: bulk.JobGenerate, SiteID: site,
//		Template: &body, Generate: &bulk.GenerateParams{…}}, bulk.CreateOps(codes))
//	sum, err := bulk.Execute(ctx, client, j, bulk.Options{Concurrency: c, Throttle: th,
//		Retry: policy, OpTimeout: timeout, Progress: bar})
//
// Before a job reads its site or writes its journal, it takes the site's
// lock (LockSite: one job per base URL, user and site on a machine), and
// the journal holds it (Journal.Hold) until Close.
//
// and with --resume FILE: j, err := bulk.Open(FILE) (a regular file of the
// user that others cannot write, not a link, at most MaxJournalBytes, whose
// plan holds only its kind's operations), then
// j.Header().Check(bulk.Where{BaseURL, UserID}) against the current
// settings, then the same Execute. ReadFile reads a journal with the same
// checks, without resuming it.
// j.Items() holds every created code with its id for the output.
package bulk
