package core

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/baseurl"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// SummaryRow is one line of a summary: a label and a value.
type SummaryRow struct{ Label, Value string }

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

// DeleteQuestion names the promo code about to go: its code and id, its
// site when the record says it (the API's record usually does not), and
// where it lives when that is not the default profile of the public
// service.
func (sess *Session) DeleteQuestion(id int64, raw json.RawMessage, p api.Promo) string {
	s := "Delete promo code "
	var facts []string
	if code := termsafe.String(string(p.Code)); code != "" {
		s += code
		facts = append(facts, fmt.Sprintf("id %d", id))
	} else {
		s += strconv.FormatInt(id, 10)
	}
	var rec struct {
		SiteID *api.Int `json:"site_id"`
	}
	if json.Unmarshal(raw, &rec) == nil && rec.SiteID != nil && *rec.SiteID > 0 {
		facts = append(facts, fmt.Sprintf("site %d", *rec.SiteID))
	}
	if len(facts) > 0 {
		s += " (" + strings.Join(facts, ", ") + ")"
	}
	st := sess.Settings
	switch {
	case st.Sandbox:
		s += " from the sandbox"
	default:
		if st.Profile != "" && st.Profile != config.DefaultProfile {
			s += " in profile " + termsafe.String(st.Profile)
		}
		if st.BaseURL != "" && strings.TrimRight(st.BaseURL, "/") != baseurl.Default {
			s += " at " + termsafe.String(st.BaseURL)
		}
	}
	return s + "?"
}
