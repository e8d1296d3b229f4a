package bulk

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/promoctl/promoctl/internal/i18n"
)

// TestWhyIsTheErrorThisRunMet: an operation that failed in this run says
// why with the error it met (a catalog message, said in the run's
// language); the journal file records its English text, which is all a
// later run reads back.
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
	if read.Err != nil || read.Why() == nil || read.Why().Error() != english {
		t.Errorf("read back: Err %v, Why %v; want no error and the recorded text %q", read.Err, read.Why(), english)
	}
}
