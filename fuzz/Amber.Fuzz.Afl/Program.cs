using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Security.Cryptography;
using SharpFuzz;

namespace Amber.Fuzz.Afl
{
    /// <summary>
    /// The AFL++ harness. <c>fuzz/afl.sh</c> runs it; by hand:
    /// <code>
    /// Amber.Fuzz.Afl list                          the default targets
    /// Amber.Fuzz.Afl seeds TARGET DIR [SEED]       writes the target's seed inputs to DIR
    /// Amber.Fuzz.Afl fuzz TARGET                   the afl-fuzz loop (run under afl-fuzz)
    /// Amber.Fuzz.Afl replay TARGET FILE...         runs saved inputs and says what happened; exit 1 if one crashes
    /// </code>
    /// </summary>
    public static class Program
    {
        public static int Main(string[] args)
        {
            if (args.Length == 1 && args[0] == "list")
            {
                foreach (string name in AflTargets.Default) Console.WriteLine(name);
                return 0;
            }
            if (args.Length == 2 && args[0] == "fuzz") return Fuzz(args[1]);
            if (args.Length < 2) return Usage();
            AflTarget? target = AflTargets.Find(args[1]);
            if (target == null)
            {
                Console.Error.WriteLine($"unknown target '{args[1]}'; the defaults are: {string.Join(", ", AflTargets.Default)}");
                return 2;
            }
            switch (args[0])
            {
                case "seeds" when args.Length is 3 or 4:
                    return WriteSeeds(target, args[2], args.Length == 4 ? int.Parse(args[3], CultureInfo.InvariantCulture) : 1);
                case "replay" when args.Length >= 3:
                    return Replay(target, args[2..]);
                default:
                    return Usage();
            }
        }

        /// <summary>
        /// The afl-fuzz loop. The fork server survives what kills a .NET process (a stack overflow) and hangs: the input
        /// runs in a child process that SharpFuzz restarts. Anything but an AmberException escapes and is a crash.
        /// </summary>
        private static int Fuzz(string name)
        {
            // Nothing instrumented may run before SharpFuzz has mapped afl's shared memory: the instrumented assemblies'
            // static constructors write to it. So the target (which touches Amber.Fuzz.dll's models) is found in the loop.
            AflTarget? target = null;
            Fuzzer.OutOfProcess.Run(stream =>
            {
                target ??= AflTargets.Find(name) ?? throw new ArgumentException($"unknown target '{name}'", nameof(name));
                RunOne(target, ReadAll(stream));
            });
            return 0;
        }

        private static int Usage()
        {
            Console.Error.WriteLine("usage: Amber.Fuzz.Afl list | seeds TARGET DIR [SEED] | fuzz TARGET | replay TARGET FILE...");
            return 2;
        }

        /// <summary>Runs one input: an <see cref="AmberException"/> is the normal way to refuse it.</summary>
        public static void RunOne(AflTarget target, byte[] input)
        {
            try
            {
                target.Run(input);
            }
            catch (AmberException)
            {
            }
        }

        private static byte[] ReadAll(Stream stream)
        {
            using var buffer = new MemoryStream();
            stream.CopyTo(buffer);
            return buffer.ToArray();
        }

        private static int WriteSeeds(AflTarget target, string dir, int seed)
        {
            Directory.CreateDirectory(dir);
            List<byte[]> seeds = target.Seeds(seed);
            foreach (byte[] input in seeds)
            {
                // Every seed must be a clean run, or afl-fuzz starts from a crash.
                target.Run(input);
                string hash = Convert.ToHexStringLower(SHA256.HashData(input).AsSpan(0, 8));
                File.WriteAllBytes(Path.Combine(dir, $"seed-{hash}.bin"), input);
            }
            Console.WriteLine($"{target.Name}: {seeds.Count} seeds in {dir}");
            return 0;
        }

        private static int Replay(AflTarget target, string[] files)
        {
            int crashes = 0;
            foreach (string file in files)
            {
                byte[] input = File.ReadAllBytes(file);
                try
                {
                    target.Run(input);
                    Console.WriteLine($"{file}: {input.Length} bytes, read");
                }
                catch (AmberException e)
                {
                    Console.WriteLine($"{file}: {input.Length} bytes, AmberException at byte {e.ByteOffset}: {e.Message}");
                }
                catch (Exception e)
                {
                    crashes++;
                    Console.WriteLine($"{file}: {input.Length} bytes, CRASH {e}");
                }
            }
            return crashes == 0 ? 0 : 1;
        }
    }
}
