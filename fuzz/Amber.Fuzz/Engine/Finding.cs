using System;
using System.IO;
using System.Security.Cryptography;
using System.Text;
using Amber.Fuzz.Targets;

namespace Amber.Fuzz.Engine
{
    /// <summary>An input that failed the oracle, with what happened.</summary>
    public sealed class Finding
    {
        public Finding(string target, FindingKind kind, string identity, byte[] input, Delivery delivery, string details)
        {
            Target = target;
            Kind = kind;
            Identity = identity;
            Input = input;
            Delivery = delivery;
            Details = details;
        }

        public string Target { get; }

        public FindingKind Kind { get; }

        /// <summary>What tells this bug apart from others (exception type and throw site); one finding is kept per identity and target.</summary>
        public string Identity { get; }

        public byte[] Input { get; }

        public Delivery Delivery { get; }

        public string Details { get; }

        /// <summary>How many more inputs hit the same identity after this one.</summary>
        public long Repeats { get; set; }

        public string Hash => Convert.ToHexString(SHA256.HashData(Input), 0, 8).ToLowerInvariant();

        public string FileStem => Target + "-" + Hash;

        public override string ToString() => $"{Kind} in {Target} ({Input.Length} bytes, {Delivery}): {Identity}";

        /// <summary>Writes <c>&lt;target&gt;-&lt;hash&gt;.bin</c> and a <c>.txt</c> beside it.</summary>
        public string WriteTo(string directory)
        {
            Directory.CreateDirectory(directory);
            string bin = Path.Combine(directory, FileStem + ".bin");
            File.WriteAllBytes(bin, Input);
            var sb = new StringBuilder();
            sb.AppendLine($"target:   {Target}");
            sb.AppendLine($"kind:     {Kind}");
            sb.AppendLine($"identity: {Identity}");
            sb.AppendLine($"input:    {Input.Length} bytes, delivered as {Delivery.Describe()}");
            sb.AppendLine($"replay:   dotnet run -c Release --project fuzz/Amber.Fuzz -- --replay {Path.GetFileName(bin)} --target {Target} --options {Delivery.OptionSets[Delivery.OptionsIndex].Name}");
            sb.AppendLine();
            sb.AppendLine(Details);
            sb.AppendLine();
            sb.AppendLine("hex:");
            for (int i = 0; i < Math.Min(Input.Length, 4096); i += 32)
                sb.AppendLine(Convert.ToHexString(Input, i, Math.Min(32, Input.Length - i)));
            if (Input.Length > 4096) sb.AppendLine("…");
            File.WriteAllText(Path.ChangeExtension(bin, ".txt"), sb.ToString());
            return bin;
        }
    }
}
