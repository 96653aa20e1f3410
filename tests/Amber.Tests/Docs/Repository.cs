using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;

namespace Amber.Tests.Docs
{
    /// <summary>The repository the documentation tests read: its root, and the files git tracks in it.</summary>
    internal static class Repository
    {
        /// <summary>The folder holding Amber.slnx, found upwards from the test's output folder.</summary>
        public static string Root()
        {
            for (DirectoryInfo? dir = new DirectoryInfo(AppContext.BaseDirectory); dir != null; dir = dir.Parent)
            {
                if (File.Exists(Path.Combine(dir.FullName, "Amber.slnx"))) return dir.FullName;
            }
            throw new InvalidOperationException($"No Amber.slnx above {AppContext.BaseDirectory}: the documentation is read from the repository root.");
        }

        /// <summary>
        /// The files git tracks under <paramref name="root"/> (<c>git ls-files</c>), as paths relative to it with '/';
        /// without git, every file under the root outside .git, build output and node_modules.
        /// </summary>
        public static List<string> TrackedFiles(string root)
        {
            try
            {
                var git = new ProcessStartInfo("git", "ls-files -z")
                {
                    WorkingDirectory = root,
                    RedirectStandardOutput = true,
                    RedirectStandardError = true,
                    UseShellExecute = false,
                };
                using Process process = Process.Start(git)!;
                string output = process.StandardOutput.ReadToEnd();
                process.WaitForExit();
                if (process.ExitCode == 0 && output.Length > 0)
                    return output.Split('\0', StringSplitOptions.RemoveEmptyEntries).ToList();
            }
            catch (System.ComponentModel.Win32Exception)
            {
                // No git on the path: walk the tree instead.
            }
            return Directory.EnumerateFiles(root, "*", SearchOption.AllDirectories)
                .Select(f => Path.GetRelativePath(root, f).Replace(Path.DirectorySeparatorChar, '/'))
                .Where(f => !f.Split('/').Any(part => part is ".git" or "bin" or "obj" or "node_modules"))
                .ToList();
        }
    }
}
