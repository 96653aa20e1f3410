// Declared where nullable annotations are disabled: every reference member may be null (oblivious).
#nullable disable
using System.Collections.Generic;

namespace Amber.Tool.Tests.Model.Zoo
{
    public class Ledger
    {
        public string Code { get; set; }
        public List<string> Lines { get; set; }
        public Dictionary<string, Keeper> Payees { get; set; }
        public int Count { get; set; }
        public Keeper Auditor { get; set; }
    }
}
