package shared

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/baseurl"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/termsafe"
	"github.com/promoctl/promoctl/internal/view"
)

// What promo's verbs say about a request or a promo code besides its data:
// the command lines they suggest (with the run's global flags that say
// where it goes, never the token), the dry-run of a request, the question
// before a delete.

// CommandLine is a promoctl command line, shell-quoted, with the global
// flags of this run that say where it goes (never the token) and how it
// prints: the same run without the form.
func CommandLine(s *cmdutil.Session, args ...string) string {
	where, output := givenFlags(s)
	return quotedLine(where, output, args)
}

// HintLine is a command line to run next: the global flags that say where
// it goes, but not this run's --output.
func HintLine(s *cmdutil.Session, args ...string) string {
	where, _ := givenFlags(s)
	return quotedLine(where, nil, args)
}

// givenFlags are the global flags of the run of s that say where a
// command goes (--sandbox, --config, --profile, --base-url, --user-id)
// and, apart, its --output, as given on the command line.
func givenFlags(s *cmdutil.Session) (where, outputFlag []string) {
	if s.Settings.Sandbox {
		where = append(where, "--sandbox")
	}
	given := config.Lookup{Flags: s.Flags}
	flag := func(k string) []string {
		if v, _ := given.FlagValue(k); v != "" {
			st, _ := config.Find(k)
			return []string{"--" + st.Flag, v}
		}
		return nil
	}
	for _, k := range []string{config.KeyConfig, config.KeyProfile, config.KeyBaseURL, config.KeyUserID} {
		where = append(where, flag(k)...)
	}
	return where, flag(config.KeyOutput)
}

func quotedLine(parts ...[]string) string {
	line := []string{"promoctl"}
	for _, p := range parts {
		line = append(line, p...)
	}
	for i, s := range line {
		line[i] = ShellQuote(s)
	}
	return strings.Join(line, " ")
}

// ShellQuote quotes s for a POSIX shell when it needs it.
func ShellQuote(s string) string {
	if s == "" {
		return "''"
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_=+:,./@%", r)) {
			return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
		}
	}
	return s
}

// PrintDryRun prints the request that would be sent: as JSON (piped, -o json,
// --jq), or on a terminal in the default format, a summary of the promo
// code request in local units and then the JSON. defaults says the body
// is a create's, which the API completes with its defaults.
func PrintDryRun(sess *cmdutil.Session, method, path string, body any, defaults bool) error {
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	d, err := view.Request(method, sess.Settings.BaseURL+path, b)
	if err != nil {
		return err
	}
	if !sess.IO.IsStdoutTTY() || !sess.Out.Format.IsTable() || sess.Out.JQ != nil {
		return sess.Print(d)
	}
	sum, err := view.PromoRequest(method, path, b, defaults, sess.Loc, sess.Msg)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := output.Write(&buf, sum, sess.Out); err != nil {
		return err
	}
	buf.WriteByte('\n')
	asJSON := sess.Out
	asJSON.Format = format.JSON
	if err := output.Write(&buf, d, asJSON); err != nil {
		return err
	}
	_, err = sess.IO.Out.Write(buf.Bytes())
	return err
}

// DeleteQuestion names the promo code about to go: its code and id, its
// site when the record says it (the API's record usually does not), and
// where it lives when that is not the default profile of the public
// service.
func DeleteQuestion(sess *cmdutil.Session, id int64, raw json.RawMessage, p api.Promo) i18n.Message {
	code := termsafe.String(string(p.Code))
	var facts []i18n.Message
	if code != "" {
		facts = append(facts, i18n.M("confirm.fact.id", "ID", id))
	} else {
		code = strconv.FormatInt(id, 10)
	}
	var rec struct {
		SiteID *api.Int `json:"site_id"`
	}
	if json.Unmarshal(raw, &rec) == nil && rec.SiteID != nil && *rec.SiteID > 0 {
		facts = append(facts, i18n.M("confirm.fact.site", "Site", int64(*rec.SiteID)))
	}
	sandbox, profile, url := false, "", ""
	st := sess.Settings
	switch {
	case st.Sandbox:
		sandbox = true
	default:
		if st.Profile != "" && st.Profile != config.DefaultProfile {
			profile = termsafe.String(st.Profile)
		}
		if st.BaseURL != "" && strings.TrimRight(st.BaseURL, "/") != baseurl.Default {
			url = termsafe.String(st.BaseURL)
		}
	}
	var factsArg any = ""
	if len(facts) > 0 {
		factsArg = i18n.Messages(facts)
	}
	return i18n.M("confirm.delete_one", "Code", code, "Facts", factsArg, "Sandbox", sandbox, "Profile", profile, "URL", url)
}
