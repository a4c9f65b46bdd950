// The kernel's clock discipline (ntp_adjtime): the integrator reads whether the box's clock is synchronised.
#include <sys/timex.h>
