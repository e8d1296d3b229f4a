package cmd

import (
	"testing"

	"github.com/promoctl/promoctl/internal/apitest"
)

// TestCompletionDescriptionsOfStatusesFormatsAndUsers: what completion
// says of a flag's values (--status, --output, --user-id, --profile) is
// read by people, so it is said in the run's language; the values stay
// Latin.
func TestCompletionDescriptionsOfStatusesFormatsAndUsers(t *testing.T) {
	for _, c := range []struct {
		line   []string
		config string
		en, ru string
	}{
		{line: []string{"promo", "list", "-o", "j"},
			en: apitest.Lines("json\tthe API's JSON, for scripts and --jq", "jsonl\tone JSON object a line, written as the list arrives", ":4"),
			ru: apitest.Lines("json\tJSON API для скриптов и --jq", "jsonl\tпо объекту JSON на строку, по мере чтения списка", ":4")},
		{line: []string{"--sandbox", "--user-id", ""},
			en: apitest.Lines("1\tsandbox user: can view sites 1 and 2", "2\tsandbox user: owns site 3", ":4"),
			ru: apitest.Lines("1\tпользователь песочницы: видит сайты 1 и 2", "2\tпользователь песочницы: владеет сайтом 3", ":4")},
		{line: []string{"--profile", "s"}, config: "current_profile: staging\nprofiles:\n  staging:\n    user_id: 2\n  shop2:\n    user_id: 3\n",
			en: apitest.Lines("shop2", "staging\tcurrent profile", ":4"),
			ru: apitest.Lines("shop2", "staging\tтекущий профиль", ":4")},
		{line: []string{"promo", "list", "--status", "active,e"},
			en: apitest.Lines("active,expired\tits end has passed", ":4"),
			ru: apitest.Lines("active,expired\tистёк: срок действия закончился", ":4")},
		{line: []string{"promo", "list", "--status", "s"},
			en: apitest.Lines("scheduled\tstarts later", ":4"),
			ru: apitest.Lines("scheduled\tзапланирован: начнёт действовать позже", ":4")},
	} {
		r := newRunner(t)
		if c.config != "" {
			r.WriteConfig(c.config)
		}
		complete := func() string { return r.Complete(t, c.line...) }
		r.Env["LANG"] = "C"
		if got := complete(); got != c.en {
			t.Errorf("%q under LANG=C:\n%s\nwant:\n%s", c.line, got, c.en)
		}
		r.Env["LANG"] = "ru_RU.UTF-8"
		if got := complete(); got != c.ru {
			t.Errorf("%q in Russian:\n%s\nwant:\n%s", c.line, got, c.ru)
		}
		r.ExpectNoRequests(t)
	}
}
