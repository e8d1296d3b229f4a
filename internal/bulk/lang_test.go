package bulk

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/promoctl/promoctl/internal/i18n"
)

// The journal's and the jobs' refusals are catalog messages: said in
// Russian, what they wrap too, and errors.Is still sees their causes.
func TestRefusalsInRussian(t *testing.T) {
	ru := i18n.New(i18n.Russian)
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "20260101T000000Z-empty"+JobExt)
	if err := os.WriteFile(empty, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	_, _, readErr := ReadFile(empty)
	_, idErr := FindJob(dir, "..")
	_, noneErr := FindJob(dir, "2027")
	_, otherErr := Header{Job: "J", SiteID: 1, BaseURL: "https://a.example", UserID: 7}.Check(Where{BaseURL: "https://b.example", UserID: 7, SiteID: 2})
	for _, c := range []struct {
		err  error
		want string
	}{
		{readErr, empty + ": журнал: он пуст: задание прервалось до начала, ничего не отправлено"},
		{idErr, "неверный ID задания «..»"},
		{noneErr, "задания 2027 в " + dir + " нет"},
		{otherErr, "журнал относится к другому серверу, пользователю или сайту: его адрес API — https://a.example, а сейчас — https://b.example, его сайт — 1, а сейчас — 2; продолжите задание с теми настройками, с которыми его начали (--profile, --base-url, --user-id)"},
	} {
		if c.err == nil {
			t.Errorf("no error, want %s", c.want)
			continue
		}
		if got := ru.ErrorText(c.err); got != c.want {
			t.Errorf("in Russian:\n got %s\nwant %s", got, c.want)
		}
	}
	if !errors.Is(otherErr, ErrOtherJob) {
		t.Errorf("Check error %v is not ErrOtherJob", otherErr)
	}
}
