package i18n

import (
	"encoding/json"
	"errors"
	"testing"
	"time"
)

// TestSavedMessageIsSaidInTheReadersLanguage: a message kept as data
// (JSON in a file) and read back is said in the reader's language with
// every kind of value in its language's form: numbers, amounts, lists,
// durations, dates, nested messages and errors.
func TestSavedMessageIsSaidInTheReadersLanguage(t *testing.T) {
	msk := time.FixedZone("MSK", 3*3600)
	at := DateTime{Time: time.Date(2026, 12, 31, 20, 59, 0, 0, time.UTC), Loc: msk}
	for _, m := range []Message{
		M("codegen.count", "Min", 1, "Max", Number(100000), "N", Number(250000)),
		M("bulk.reason.not_on_list", "Err", NewError(0, "api.timeout_after", "After", 90*time.Second)),
		M("bulk.reason.taken", "Err", errors.New("EOF")),
		M("sandbox.fault.drop", "Share", Amount{Value: 12.5, Percent: true}),
		M("form.error.end_before_start", "End", at, "Start", DateTime{Time: at.Time.Add(time.Hour), Loc: msk}),
		M("generate.resume_flags", "Flags", List{"--count", "--prefix"}),
		M("apply.past_end", "Code", "WELCOME10", "Line", 2, "End", at),
	} {
		raw, err := json.Marshal(Save(m))
		if err != nil {
			t.Fatal(err)
		}
		var back Saved
		if err := json.Unmarshal(raw, &back); err != nil {
			t.Fatal(err)
		}
		for _, lang := range []Lang{Russian, English} {
			p := New(lang)
			if got, want := p.Say(back.Message()), p.Say(m); got != want {
				t.Errorf("%s, %s: read back %q, before saving %q", m.ID, lang, got, want)
			}
		}
	}
	m := M("codegen.count", "Min", 1, "Max", Number(100000), "N", Number(250000))
	raw, _ := json.Marshal(Save(m))
	var back Saved
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}
	if got, want := New(Russian).Say(back.Message()), "количество должно быть от 1 до 100\u00a0000, а указано 250\u00a0000"; got != want {
		t.Errorf("read back in Russian: %q, want %q", got, want)
	}
}
