// context=payloads: the payloads docs/json.md and docs/versioning.md read, and the save type of the JSON view's first
// example (the page declares the full model after it).
global using static PayloadsContext;

public class Save { public int Version { get; set; } }

public static class PayloadsContext
{
    public static readonly byte[] payload = Amber.AmberSerializer.Serialize(new Save { Version = 1 });
    public static readonly byte[] fromVersion2 = payload;
}
