package view

import (
	"encoding/json"
	"strconv"
	"time"

	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// Job is a job of promo jobs: what its journal says.
type Job struct {
	ID      string    `json:"id"`
	SiteID  int64     `json:"site_id"`
	Command string    `json:"command"` // generate, apply, delete, enable, disable
	Codes   int       `json:"codes"`   // the operations planned
	Created int       `json:"created"` // the promo codes it created
	Started time.Time `json:"started"`
	State   string    `json:"state"` // finished, can be resumed, unfinished
	Path    string    `json:"path"`
}

// Jobs shows promo jobs: one row per job, oldest first; the start in loc
// to the minute in tables, RFC 3339 in JSON and CSV.
func Jobs(jobs []Job, loc *time.Location) (output.Data, error) {
	if jobs == nil {
		jobs = []Job{}
	}
	raw, err := json.Marshal(jobs)
	if err != nil {
		return output.Data{}, err
	}
	return output.Data{
		JSON: raw,
		Tables: func() ([]output.Grid, error) {
			g := columns(h("id", text), h("site", text), h("command", text), h("codes", text), h("created", text), h("started", moment), h("state", word))
			g.Columns = []output.Column{{Keep: true}, {Keep: true}, {Keep: true}, {Keep: true}, {Priority: 1}, {Priority: 2}, {Keep: true}}
			for _, j := range jobs {
				g.Rows = append(g.Rows, []string{termsafe.String(j.ID), siteCell(j.SiteID), termsafe.String(j.Command),
					strconv.Itoa(j.Codes), strconv.Itoa(j.Created), j.Started.In(loc).Format("2006-01-02 15:04"), j.State})
			}
			return []output.Grid{g}, nil
		},
		CSV: func() (output.Grid, error) {
			g := output.Grid{Header: []string{"id", "site_id", "command", "codes", "created", "started", "state", "path"}}
			for _, j := range jobs {
				g.Rows = append(g.Rows, []string{j.ID, strconv.FormatInt(j.SiteID, 10), j.Command, strconv.Itoa(j.Codes),
					strconv.Itoa(j.Created), j.Started.UTC().Format(time.RFC3339), j.State, j.Path})
			}
			return g, nil
		},
	}, nil
}

// siteCell is a job's site in a table: "-" when the job did not know it
// (ids acted on alone, none of the user's sites having them all).
func siteCell(site int64) string {
	if site == 0 {
		return "-"
	}
	return strconv.FormatInt(site, 10)
}
