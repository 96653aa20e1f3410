using System;
using System.ComponentModel;
using System.Globalization;
using System.Net;
using System.Text;

namespace Amber.Metadata
{
    /// <summary>
    /// The conversions generated code calls for framework types written as a value of another type (docs/format.md §3.3):
    /// <see cref="Index"/> as an Int32, <see cref="TimeZoneInfo"/>, <see cref="CultureInfo"/>, <see cref="StringBuilder"/> and
    /// <see cref="IPAddress"/> as a string. Each conversion back takes the byte offset of the value, for the
    /// <see cref="AmberException"/> of one it cannot make. Public for generated code; not meant for hand-written code.
    /// </summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static class AmberBclValues
    {
        /// <summary>An index as an Int32: its value from the start, or the complement of its value from the end (^1 is -2), as <see cref="Index"/> holds it.</summary>
        public static int FromIndex(Index value) => value.IsFromEnd ? ~value.Value : value.Value;

        /// <summary>The index an Int32 written by <see cref="FromIndex"/> stands for; every Int32 is one.</summary>
        public static Index ToIndex(int value, long offset) => value >= 0 ? new Index(value) : new Index(~value, fromEnd: true);

        /// <summary>A time zone as its id.</summary>
        public static string FromTimeZone(TimeZoneInfo value) => value.Id;

        /// <summary>The system time zone with the id; an id this machine does not know is an <see cref="AmberException"/> naming it.</summary>
        public static TimeZoneInfo ToTimeZone(string id, long offset)
        {
            try
            {
                return TimeZoneInfo.FindSystemTimeZoneById(id);
            }
            catch (TimeZoneNotFoundException)
            {
                AmberThrow.UnreadableFrameworkValue(offset, "time zone id", id, "this machine has no time zone with that id",
                    "Install the time zone data the writer had (tzdata on Linux, ICU for Windows ids on other systems), or keep the id as a string member and resolve it yourself.");
            }
            catch (InvalidTimeZoneException e)
            {
                AmberThrow.UnreadableFrameworkValue(offset, "time zone id", id, "this machine's data for it is invalid (" + e.Message + ")",
                    "Repair the machine's time zone data, or keep the id as a string member and resolve it yourself.");
            }
            catch (System.Security.SecurityException)
            {
                AmberThrow.UnreadableFrameworkValue(offset, "time zone id", id, "this process may not read the time zone data",
                    "Grant the process access to the time zone data, or keep the id as a string member and resolve it yourself.");
            }
            return null!;
        }

        /// <summary>A culture as its name ("" for the invariant culture).</summary>
        public static string FromCulture(CultureInfo value) => value.Name;

        /// <summary>The cached culture with the name; a name this runtime does not know is an <see cref="AmberException"/> naming it.</summary>
        public static CultureInfo ToCulture(string name, long offset)
        {
            try
            {
                return CultureInfo.GetCultureInfo(name);
            }
            catch (CultureNotFoundException)
            {
                AmberThrow.UnreadableFrameworkValue(offset, "culture name", name, "this runtime has no culture with that name",
                    "Read it where the writer's cultures exist (a runtime with ICU, not in globalization-invariant mode), or keep the name as a string member.");
            }
            return null!;
        }

        /// <summary>A string builder as its string.</summary>
        public static string FromStringBuilder(StringBuilder value) => value.ToString();

        /// <summary>A new string builder holding the string.</summary>
        public static StringBuilder ToStringBuilder(string value, long offset) => new StringBuilder(value);

        /// <summary>An IP address as its text (dotted IPv4, or IPv6 with its scope id).</summary>
        public static string FromIPAddress(IPAddress value) => value.ToString();

        /// <summary>The IP address the text stands for; text that is not one is an <see cref="AmberException"/> naming it.</summary>
        public static IPAddress ToIPAddress(string text, long offset)
        {
            if (!IPAddress.TryParse(text, out IPAddress? address)) AmberThrow.UnreadableFrameworkValue(offset, "IP address", text, "it is not an IPv4 or IPv6 address", "The payload is damaged, or the member was not an IPAddress when it was written.");
            return address!;
        }
    }
}
