package bulk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/promo"

	"github.com/promoctl/promoctl/internal/i18n"
)

// PromoAPI is what the writes of a job need of the API; *api.Client has
// it, and tests may pass a fake.
type PromoAPI interface {
	ListPromos(ctx context.Context, siteID int64) (json.RawMessage, error)
	CreatePromo(ctx context.Context, body promo.CreateBody) (json.RawMessage, api.Promo, error)
	GetPromo(ctx context.Context, id int64) (json.RawMessage, api.Promo, error)
	UpdatePromo(ctx context.Context, id int64, f promo.Record) (json.RawMessage, api.Promo, error)
	DeletePromo(ctx context.Context, id int64) error
}

// MaxRounds is how often Execute sends again the creates that settling
// found were not made, before it leaves them to a resume.
const MaxRounds = 3

// Summary counts the items of a job by state after Execute.
type Summary struct {
	Created, Updated, Deleted int
	Failed                    int // refused or not sent: a resume sends them again
	Unanswered                int // of Failed: creates no attempt of which was answered (5xx, timeouts) and the list did not show
	Taken                     int // of Failed: codes taken elsewhere, final: a resume does not send them
	Unknown                   int // may have been acted on: a resume settles them first
	NotStarted                int // never sent (Ctrl-C, or left after MaxRounds)
}

// OK reports whether every operation of the job succeeded.
func (s Summary) OK() bool { return s.Failed == 0 && s.Unknown == 0 && s.NotStarted == 0 }

// Summary counts the items of the journal by state.
func (j *Journal) Summary() Summary { return summarize(j.Items()) }

// Execute carries out the job in j, new or resumed, through c:
//  1. every create that is sent or unknown in the journal (a resumed job)
//     is settled by one read of the site's list;
//  2. every operation not yet done is run with Run (failed ones too, on
//     the first round: a resume tries them again), every step journaled;
//  3. creates whose outcome came back unknown are settled by one read of
//     the list for all of them: found, they are created with the id the
//     list gives; not found, they are sent again in the next round, up to
//     MaxRounds, after which they are failed with the last reason. A
//     create is never sent twice without a list read between that shows
//     it is not on the site.
//
// A code of unknown outcome counts as absent only on a list read begun at
// least the settling delay (Options.OpTimeout, else DefaultSettleDelay)
// after its attempt was sent or came back unknown, whichever is later:
// the server may still be carrying out a request its client gave up on,
// and a list may lag behind a write. Until then it stays unknown and is
// not sent; when nothing else is left to send, Execute waits (by
// Options.Sleep) and reads the list again. A create refused as existing
// (409) after an attempt of unknown outcome is unknown too: that attempt
// may have landed late, and the list settles it.
//
// Updates, disables and deletes whose outcome is unknown are simply sent
// again: they read the record first and write whole values, so a second
// time does no harm, and a delete answered 404 after an unknown attempt is
// deleted.
//
// It returns the summary, and ctx's error after Ctrl-C (operations in
// flight finished, the journal consistent), the error of a journal that
// cannot be written, of the list read that settling needs, a
// *RetryAfterError, or the circuit breaker's *RefusedError (after
// Options.MaxRefused, by default DefaultMaxRefused, answers in a row that
// are 429s or 5xx).
//
// A create's answer is the new code's only when proven: its record names
// the code sent, and its id is neither one of Options.KnownIDs nor one the
// journal has for another code; otherwise the outcome is unknown and the
// list settles it. A create refused as existing after a settling read did
// not show the code is settled once more, and then, still not on the
// list, failed as taken elsewhere (Item.Taken), final. Failed operations are not an error: see Summary and
// Items.
//
// The one limit of settling: a code created by someone else between the
// unknown attempt and the list read is taken for this job's.
func Execute(ctx context.Context, c PromoAPI, j *Journal, o Options) (Summary, error) {
	if o.MaxRefused == 0 {
		o.MaxRefused = DefaultMaxRefused
	}
	o = o.withDefaults()
	// Progress counts the whole job, not the round.
	total, base := len(j.Items()), 0
	if user := o.Progress; user != nil {
		o.Progress = func(p Progress) {
			p.Total, p.Finished = total, base+p.Finished
			user(p)
		}
	}
	classify := o.Classify
	o.Classify = func(err error) (Class, time.Duration) {
		if errors.As(err, new(*existsAfterUnknown)) || errors.As(err, new(*unprovenError)) {
			return ClassUnknown, 0
		}
		return classify(err)
	}
	for round := 1; ; round++ {
		final := round > MaxRounds
		wait, waiting, err := j.settle(ctx, c, o, final)
		if err != nil {
			return j.Summary(), err
		}
		pending := j.pending(round == 1)
		// Nothing else to send (or the last round): wait until the
		// server has had time to finish the unknown creates, then read
		// the list again.
		for wait > 0 && (final || len(pending) == 0) {
			if o.Waiting != nil {
				o.Waiting(waiting, wait)
			}
			if err := o.Sleep(ctx, wait); err != nil {
				return j.Summary(), err
			}
			if wait, waiting, err = j.settle(ctx, c, o, final); err != nil {
				return j.Summary(), err
			}
			pending = j.pending(round == 1)
		}
		if len(pending) == 0 || final {
			break
		}
		base = total - len(pending)
		if _, err := Run(ctx, pending, j.send(c, o), o); err != nil {
			return j.Summary(), err
		}
		if err := ctx.Err(); err != nil {
			return j.Summary(), err // cancelled after the last item started: settle on resume
		}
	}
	return j.Summary(), nil
}

// DefaultSettleDelay is how long after a create of unknown outcome the
// list must be read to call it absent, when Options.OpTimeout is 0.
const DefaultSettleDelay = 30 * time.Second

// pending lists the items to send: planned ones; failed ones on the first
// round; updates, disables and deletes whose outcome is unknown.
func (j *Journal) pending(first bool) []int {
	var out []int
	for _, it := range j.Items() {
		switch {
		case it.State == StatePlanned,
			first && it.State == StateFailed && !it.Taken,
			it.Action != ActionCreate && (it.State == StateSent || it.State == StateUnknown):
			out = append(out, it.Index)
		}
	}
	return out
}

// settle reads the site's list once (within o.OpTimeout) for every create
// that is sent or unknown, created without an id, or failed as existing
// after an unknown attempt (journals of older promoctl), and records what
// it shows. A code the list shows is created. One it does not show is
// absent only if the list was read the settling delay after the code's
// last attempt: then it is sent again ("unsent"), or in the final pass
// failed with its last reason. Otherwise it stays as it is, and settle
// returns how long to wait until every such code can be decided, and how
// many there are.
func (j *Journal) settle(ctx context.Context, c PromoAPI, o Options, final bool) (time.Duration, int, error) {
	var todo []Item
	for _, it := range j.Items() {
		if it.Action == ActionCreate && (it.State == StateSent || it.State == StateUnknown || it.State == StateCreated && it.ID == 0 ||
			it.State == StateFailed && it.Unsure && !it.Taken && existsReason(it.Reason)) {
			todo = append(todo, it)
		}
	}
	if len(todo) == 0 {
		return 0, 0, nil
	}
	delay := o.OpTimeout
	if delay <= 0 {
		delay = DefaultSettleDelay
	}
	site := j.Header().SiteID
	readAt := o.Now()
	lctx := ctx
	if o.OpTimeout > 0 {
		var cancel context.CancelFunc
		lctx, cancel = context.WithTimeout(ctx, o.OpTimeout)
		defer cancel()
	}
	raw, err := c.ListPromos(lctx, site)
	if err != nil {
		return 0, 0, i18n.CountError(0, "bulk.settle", len(todo), "Err", err)
	}
	list, err := api.DecodePromos(raw)
	if err != nil {
		return 0, 0, i18n.CountError(0, "bulk.settle_list", len(todo), "Site", site, "Err", err)
	}
	ids := make(map[string]int64, len(list))
	for _, p := range list {
		if p.ID != nil {
			ids[upper(string(p.Code))] = int64(*p.ID)
		}
	}
	var wait time.Duration
	waiting := 0
	for _, it := range todo {
		id, found := ids[upper(it.Code)]
		var e entry
		switch {
		case found:
			e = entry{T: string(StateCreated), I: it.Index, ID: id, Settled: true}
		case it.State == StateCreated:
			continue // created, but not (yet) on the list: its id stays unknown
		case it.State == StateFailed:
			continue // not on the list: it is sent again as failed items are
		case readAt.Before(it.LastAt.Add(delay)):
			wait = max(wait, it.LastAt.Add(delay).Sub(readAt))
			waiting++
			continue // the server may still be carrying it out
		case it.Exists:
			e = failedEntry(string(StateFailed), it.Index, i18n.NewError(0, "bulk.reason.taken", "Err", lastWhy(it)))
			e.Taken = true
		case final:
			e = failedEntry(string(StateFailed), it.Index, i18n.NewError(0, "bulk.reason.not_on_list", "Err", lastWhy(it)))
		default:
			e = failedEntry("unsent", it.Index, i18n.NewError(0, "bulk.reason.unsent"))
		}
		e.Settled = true
		if err := j.record(e); err != nil {
			return 0, 0, err
		}
	}
	return wait, waiting, nil
}

// lastWhy is why the last attempt of an item had an unknown outcome.
func lastWhy(it Item) error {
	if why := it.Why(); why != nil {
		return why
	}
	return i18n.NewError(0, "bulk.reason.last_unknown")
}

// failedEntry is the journal's line of an operation that failed (or is
// unknown, or unsent) for err: its English text recorded as the reason,
// its catalog message kept for a later run to say in its language (when
// err has one), err kept for this run to say in its language.
func failedEntry(t string, i int, err error) entry {
	e := entry{T: t, I: i, Reason: err.Error(), err: err}
	if s, ok := err.(i18n.Sayer); ok {
		why := i18n.Save(s.Message())
		e.Why = &why
	}
	return e
}

// existsAfterUnknown is a create refused as existing after an attempt of
// unknown outcome: that attempt may have created it.
type existsAfterUnknown struct{ err error }

func (e *existsAfterUnknown) Error() string { return i18n.InEnglish(e.Message()) }

// Message says it in a language: the refusal, said in its turn, and why.
func (e *existsAfterUnknown) Message() i18n.Message {
	return i18n.M("bulk.reason.exists_after_unknown", "Err", e.err)
}
func (e *existsAfterUnknown) Unwrap() error { return e.err }

// refusedAsExisting reports whether a create was refused because the code
// exists: 409, or a 400 or 422 whose title says so.
func refusedAsExisting(err error) bool {
	var ae *api.Error
	if !errors.As(err, &ae) {
		return false
	}
	return ae.Status == http.StatusConflict ||
		(ae.Status == http.StatusBadRequest || ae.Status == http.StatusUnprocessableEntity) && strings.Contains(strings.ToLower(ae.Title), "already exists")
}

// existsReason reports whether a journal's reason is a create refused as
// existing, as older promoctl recorded it (failed).
func existsReason(reason string) bool {
	return strings.Contains(reason, "already exists") || strings.Contains(reason, "conflict")
}

// send returns the operation Run calls for item i: journal "sent", send
// the request, journal its outcome.
func (j *Journal) send(c PromoAPI, o Options) func(ctx context.Context, i int) (int64, error) {
	return func(ctx context.Context, i int) (int64, error) {
		it := j.item(i)
		if err := j.record(entry{T: string(StateSent), I: i}); err != nil {
			return 0, &FatalError{err}
		}
		id, state, err := j.do(ctx, c, it, o.KnownIDs)
		// Refused as existing after the list did not show the code: it is
		// settled once more, and if the list still does not show it, it is
		// taken elsewhere.
		exists := false
		if err != nil && it.Action == ActionCreate && (it.Unsure || it.Absent) && refusedAsExisting(err) {
			err, exists = &existsAfterUnknown{err}, it.Absent
		}
		e := entry{T: string(state), I: i, ID: id}
		if err != nil {
			class, _ := o.Classify(err)
			e = failedEntry(string(StateFailed), i, err)
			e.Exists = exists
			switch class {
			case ClassUnknown:
				e.T = string(StateUnknown)
			case ClassRateLimited:
				e.T = "unsent"
			}
		}
		if jerr := j.record(e); jerr != nil {
			return id, &FatalError{jerr}
		}
		return id, err
	}
}

// unprovenError is a create answered with an id that is not proven to be
// the code's: the answer names another code, or an id the site had before
// the job, or one the job already has for another code. The answer is not
// taken: the outcome is unknown, and the site's list settles it.
type unprovenError struct {
	code, answer string
	id           int64
}

func (e *unprovenError) Error() string {
	return fmt.Sprintf("create promo %s: the server's answer gave id %d for promo code %q, which is not proven to be %s's: the site's list settles it",
		e.code, e.id, e.answer, e.code)
}

// prove accepts a create's answer (the id and code it gave) as the item's
// only when the code is the item's, and the id is neither one the site
// had before the job (known) nor one the journal has for another code.
func (j *Journal) prove(it Item, id int64, code string, known map[int64]bool) error {
	j.mu.Lock()
	other, claimed := j.createdIDs[id]
	j.mu.Unlock()
	if code == "" || upper(code) != upper(it.Code) || id != 0 && (known[id] || claimed && other != it.Index) {
		return &unprovenError{code: it.Code, answer: code, id: id}
	}
	return nil
}

// do sends one operation and returns the promo code's id and its state.
func (j *Journal) do(ctx context.Context, c PromoAPI, it Item, known map[int64]bool) (int64, State, error) {
	switch it.Action {
	case ActionCreate:
		body, err := j.createBody(it)
		if err != nil {
			return 0, "", err
		}
		raw, p, err := c.CreatePromo(ctx, body)
		if err != nil {
			return 0, "", err
		}
		var id int64
		if p.ID != nil {
			id = int64(*p.ID)
		}
		if err := j.prove(it, id, string(p.Code), known); err != nil {
			return 0, "", err
		}
		j.keepAnswer(it.Index, raw)
		return id, StateCreated, nil
	case ActionUpdate, ActionDisable:
		_, p, err := c.GetPromo(ctx, it.ID)
		if err != nil {
			return 0, "", err
		}
		f, err := merge(p.Record(), it)
		if err != nil {
			return 0, "", err
		}
		if _, _, err := c.UpdatePromo(ctx, it.ID, f); err != nil {
			return 0, "", err
		}
		return it.ID, StateUpdated, nil
	case ActionDelete:
		err := c.DeletePromo(ctx, it.ID)
		if err != nil && !(api.IsStatus(err, http.StatusNotFound) && (it.Unsure || it.State == StateSent || it.State == StateUnknown)) {
			return 0, "", err
		}
		return it.ID, StateDeleted, nil
	}
	return 0, "", i18n.NewError(1, "bulk.unknown_action", "Action", it.Action, "Code", it.Code)
}

// createBody is the request of a create: the item's own body or the job's
// template, with the item's code and the job's site.
func (j *Journal) createBody(it Item) (promo.CreateBody, error) {
	h := j.Header()
	var b promo.CreateBody
	switch {
	case len(it.Body) > 0:
		if err := json.Unmarshal(it.Body, &b); err != nil {
			return b, i18n.NewError(0, "bulk.journal_body", "Code", it.Code, "Err", err)
		}
	case h.Template != nil:
		b = *h.Template
	}
	b.Code, b.SiteID = it.Code, h.SiteID
	return b, nil
}

// merge applies an update's body (API field names) or a disable to the
// record just read.
func merge(f promo.Record, it Item) (promo.Record, error) {
	if it.Action == ActionDisable {
		f.IsEnabled = false
		return f, nil
	}
	if len(it.Body) == 0 {
		return f, i18n.NewError(1, "bulk.no_fields", "Code", it.Code)
	}
	// Record has the API's names: decoding the body over it changes just
	// the fields the body names.
	if err := json.Unmarshal(it.Body, &f); err != nil {
		return f, i18n.NewError(0, "bulk.journal_fields", "Code", it.Code, "Err", err)
	}
	return f, nil
}
