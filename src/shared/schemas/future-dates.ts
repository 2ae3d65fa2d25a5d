// "Must end later than now", for the fields that set an end (an expiry, a suspension, a restriction):
// the server checks against its clock, the forms check first for an instant answer, and both say it
// in these words.
export const EXPIRY_IN_PAST = 'The expiry must be in the future';
export const SUSPENSION_END_IN_PAST = 'The suspension must end in the future';
export const RESTRICTION_END_IN_PAST = 'The restriction must end in the future';

/** Strictly after `now` (an end equal to now has already come). */
export const isAfter = (date: Date, now: Date = new Date()) => date.getTime() > now.getTime();
