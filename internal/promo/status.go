package promo

import (
	"time"
)

// Status is what a promo code is doing now, computed locally from the
// fields of the list (the contract's "Status of a promo code").
type Status string

// The statuses, in the order their rules are tried.
const (
	StatusDisabled  Status = "disabled"
	StatusExpired   Status = "expired"
	StatusUsedUp    Status = "used-up"
	StatusScheduled Status = "scheduled"
	StatusActive    Status = "active"
)

// Statuses lists every status in rule order.
func Statuses() []Status {
	return []Status{StatusDisabled, StatusExpired, StatusUsedUp, StatusScheduled, StatusActive}
}

// StatusFields are the fields of a list item that decide its status. A
// date or a use count the server did not send is nil.
type StatusFields struct {
	Enabled       bool
	TimeLimit     bool
	Starts, Ends  *time.Time
	QuantityLimit bool
	Limit         int64
	Used          *int64
}

// StatusAt returns the status at now: the first rule that applies of
// disabled (not enabled), expired (time limit on and now at or after the
// end), used-up (quantity limit on and used at least the limit), scheduled
// (time limit on and now before the start), else active.
func (f StatusFields) StatusAt(now time.Time) Status {
	switch {
	case !f.Enabled:
		return StatusDisabled
	case f.TimeLimit && f.Ends != nil && !now.Before(*f.Ends):
		return StatusExpired
	case f.QuantityLimit && f.Used != nil && *f.Used >= f.Limit:
		return StatusUsedUp
	case f.TimeLimit && f.Starts != nil && now.Before(*f.Starts):
		return StatusScheduled
	}
	return StatusActive
}
