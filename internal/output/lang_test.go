package output

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/i18n"
)

// The formats' refusals are catalog messages with their exit code: said
// in English and in Russian from the catalogs.
func TestRefusalsInTheLanguage(t *testing.T) {
	t.Parallel()
	en, ru := i18n.New(i18n.English), i18n.New(i18n.Russian)
	d := Data{JSON: json.RawMessage(`{"id":1}`)}
	for _, c := range []struct {
		o        Options
		en, ru   string
		exitCode int
	}{
		{Options{Format: format.CSV}, "this command has no CSV form: use --output json or yaml",
			"у этой команды нет вида CSV: выберите --output json или yaml", 2},
		{Options{Format: format.XLSX}, "this command has no spreadsheet form: use --output json or yaml",
			"у этой команды нет вида книги Excel: выберите --output json или yaml", 2},
	} {
		err := Write(&bytes.Buffer{}, d, c.o)
		ie, ok := err.(*i18n.Error)
		if !ok {
			t.Fatalf("Write(%s) = %v (%T), want an *i18n.Error", c.o.Format, err, err)
		}
		if got := en.ErrorText(err); got != c.en {
			t.Errorf("Write(%s) in English = %q, want %q", c.o.Format, got, c.en)
		}
		if got := ru.ErrorText(err); got != c.ru {
			t.Errorf("Write(%s) in Russian = %q, want %q", c.o.Format, got, c.ru)
		}
		if ie.ExitCode() != c.exitCode {
			t.Errorf("Write(%s) exit code = %d, want %d", c.o.Format, ie.ExitCode(), c.exitCode)
		}
	}
	_, err := CompileJQ(".[")
	if got, want := ru.ErrorText(err), "неверное выражение --jq: "; len(got) < len(want) || got[:len(want)] != want {
		t.Errorf("CompileJQ(.[) in Russian = %q, want it to start with %q", got, want)
	}
}

// What the server sent that is not JSON is said in the language, down to
// what is wrong with it.
func TestUnexpectedResponseInRussian(t *testing.T) {
	t.Parallel()
	err := Write(&bytes.Buffer{}, Data{JSON: json.RawMessage(`{"id":`)}, Options{Format: format.JSON})
	if got, want := i18n.New(i18n.Russian).ErrorText(err), "неожиданный ответ сервера: JSON повреждён или оборван"; got != want {
		t.Errorf("Write(broken JSON) in Russian = %q, want %q", got, want)
	}
}

// A chart whose title is a catalog id is said in the language given:
// its title and its days.
func TestChartSaid(t *testing.T) {
	t.Parallel()
	s := Series{Title: "Orders per day", TitleID: "table.orders_per_day", Labels: []string{"2026-07-01", "2026-07-02"}, Values: []int{1, 2}}
	var b bytes.Buffer
	if err := WriteChart(&b, s, ChartOptions{Plain: true, Say: i18n.New(i18n.Russian)}); err != nil {
		t.Fatal(err)
	}
	if got, want := b.String(), "Заказов по дням:\n01.07.2026: 1\n02.07.2026: 2\n"; got != want {
		t.Errorf("the chart in Russian:\n%s\nwant:\n%s", got, want)
	}
}
