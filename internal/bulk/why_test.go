package bulk

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/promoctl/promoctl/internal/i18n"
)

// TestWhyIsTheErrorThisRunMet: an operation that failed in this run says
// why with the error it met (a catalog message, said in the run's
// language); the journal file records its English text and keeps its
// message and values, which a later run says in its own language.
func TestWhyIsTheErrorThisRunMet(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j.jsonl")
	j, err := Create(path, Header{Kind: "generate", SiteID: 1}, CreateOps(codes(1)))
	if err != nil {
		t.Fatal(err)
	}
	cause := i18n.NewError(0, "bulk.reason.last_unknown")
	if err := j.record(failedEntry(string(StateFailed), 0, i18n.NewError(0, "bulk.reason.not_on_list", "Err", cause))); err != nil {
		t.Fatal(err)
	}
	const english = "the outcome of its last attempt is unknown; the site's list does not show it: a resume sends it again"
	it := j.Items()[0]
	var s i18n.Sayer
	if !errors.As(it.Why(), &s) {
		t.Fatalf("Why() = %#v, want the catalog message the run met", it.Why())
	}
	if got, want := i18n.New(i18n.Russian).ErrorText(it.Why()), "исход последней попытки неизвестен; в списке сайта его нет: при продолжении задания он будет отправлен снова"; got != want {
		t.Errorf("said in Russian: %q, want %q", got, want)
	}
	if it.Reason != english {
		t.Errorf("Reason = %q, want %q", it.Reason, english)
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}

	again, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	read := again.Items()[0]
	if read.Err != nil || read.Why() == nil || read.Why().Error() != english || read.Reason != english {
		t.Fatalf("read back: Err %v, Why %v, Reason %q; want no error and the English %q", read.Err, read.Why(), read.Reason, english)
	}
	if got, want := i18n.New(i18n.Russian).ErrorText(read.Why()), "исход последней попытки неизвестен; в списке сайта его нет: при продолжении задания он будет отправлен снова"; got != want {
		t.Errorf("read back, said in Russian: %q, want %q", got, want)
	}
}

// TestOldJournalsReasonIsReadAsWritten: a journal of older promoctl
// records only the English text of a failure's reason: it is read and
// shown as written.
func TestOldJournalsReasonIsReadAsWritten(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j.jsonl")
	j, err := Create(path, Header{Kind: "generate", SiteID: 1}, CreateOps(codes(1)))
	if err != nil {
		t.Fatal(err)
	}
	if err := j.record(entry{T: string(StateFailed), I: 0, Reason: "API error 500"}); err != nil {
		t.Fatal(err)
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	again, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	read := again.Items()[0]
	if read.Said != nil || read.Why() == nil || i18n.New(i18n.Russian).ErrorText(read.Why()) != "API error 500" {
		t.Errorf("old journal read back: Said %v, Why %v; want the recorded text", read.Said, read.Why())
	}
}
